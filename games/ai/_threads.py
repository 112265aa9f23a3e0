"""Keep numpy's linear algebra on one thread; imported before numpy is.

The Admiral's matrices are small: one thread answers a move in a few milliseconds, while
several threads on a busy machine (a web server's workers, other processes) wait on each
other and made the slowest moves a hundred times slower (measured: p99 24 ms against 260
ms). Each web worker is a process already. Only a default: the environment may say else.
"""

import os

for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

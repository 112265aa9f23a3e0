"""The Django project: settings, URLs, and what the whole site shares (outages, limits).

The site's processes keep numpy's linear algebra on one thread. The Admiral's matrices are
small: one thread answers a move in a few milliseconds, while several threads on a busy
machine (a web server's workers, other processes) wait on each other and made the slowest
moves a hundred times slower (measured: p99 24 ms against 260 ms). Each web worker is a
process already. Set here, before numpy is first imported (by the models), and only as a
default: the environment may say otherwise. The library itself sets nothing in the process.
"""

import os

for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

"""Load and fault tests over real HTTP: simulated players against gunicorn on loopback.

``python -m loadtest.run`` (``make loadtest``) measures moves per second and latency;
``python -m loadtest.fault`` (``make faulttest``) kills workers mid-move and checks that
no game is left with half a move.
"""

"""Battleship in a terminal: line by line (``classic``, ``sector``, over ``console``) and full
screen on Textual (``fullscreen``, the ``tui`` extra); ``cli`` is the command line of
``python -m battleship`` and the ``battleship`` script."""

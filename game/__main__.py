"""`python -m game` is the same as `holdem`."""

import sys

from game.cli import main

sys.exit(main())

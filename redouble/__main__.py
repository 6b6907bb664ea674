import sys

from redouble.cli import main

# Guarded: worker processes started with "spawn" (redouble simulate) import this module again.
if __name__ == "__main__":
    sys.exit(main())

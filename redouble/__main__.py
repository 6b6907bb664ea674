import sys

from redouble.cli import main

sys.exit(main())

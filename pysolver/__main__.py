import sys

from pysolver.cli import main

sys.exit(main())

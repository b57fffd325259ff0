import sys

from stichwort.cli import main

sys.exit(main())

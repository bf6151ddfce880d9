"""``python3 -m kassen ...`` -- see kassen.cli."""
import sys

from .cli import main

sys.exit(main())

"""Where the project's data lives, the same way in a checkout and in the browser's file system.

The browser unpacks ``py/`` and ``scenarios/`` side by side (see tools/build.py), so one rule,
"scenarios/ is a sibling of py/", works in both places.
"""
from __future__ import annotations

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
PROJECT_DIR = PACKAGE_DIR.parent.parent
SCENARIOS_DIR = Path(os.environ.get("KASSEN_SCENARIOS", PROJECT_DIR / "scenarios"))

from __future__ import annotations

import sys

from lanting.cli import main

sys.exit(main())

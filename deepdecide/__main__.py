"""``python -m deepdecide``: the same entry point as the ``deepdecide`` command."""

import sys

from deepdecide.cli.main import main

sys.exit(main())

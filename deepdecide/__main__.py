"""``python -m deepdecide``: the same entry point as the ``deepdecide`` command."""

import sys

from deepdecide.launcher import main

sys.exit(main())

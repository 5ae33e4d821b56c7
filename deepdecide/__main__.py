"""``python -m deepdecide``: the same entry point as the ``deepdecide`` command."""

import sys

from deepdecide.launcher import console_main

sys.exit(console_main())

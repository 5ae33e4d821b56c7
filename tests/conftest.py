"""Root test configuration. Qt must never try to open a real display in tests."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

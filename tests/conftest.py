"""Root test configuration: Qt runs offscreen (set before anything imports Qt)."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

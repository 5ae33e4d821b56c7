"""The reference-count guard for PySide6 6.12 on Python 3.11 (see deepdecide.gui.compat)."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Qt, Signal

from deepdecide.gui import compat


class _Emitter(QObject):
    sig = Signal(object)


class _NoneModel(QAbstractTableModel):
    def rowCount(self, parent=QModelIndex()):  # noqa: B008
        return 1

    def columnCount(self, parent=QModelIndex()):  # noqa: B008
        return 1

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        return None


@pytest.mark.skipif(not compat.needs_bool_guard(), reason="True and None are immortal on this Python")
def test_guard_keeps_true_and_none_alive(qapp):
    compat.install_bool_guard()
    compat.install_bool_guard()  # idempotent: no second reserve
    before_true, before_none = sys.getrefcount(True), sys.getrefcount(None)
    assert before_true > 2**39 and before_none > 2**39
    e = _Emitter()
    m = _NoneModel()
    for _ in range(2000):
        e.sig.emit(1)
        m.index(0, 0).data()
    # the binding still loses references, but from a reserve that outlasts any session
    assert sys.getrefcount(True) > 2**39
    assert sys.getrefcount(None) > 2**39
    assert compat.top_up() == 0

"""Root test configuration. Qt must never try to open a real display in tests.

Third-party files (real tool output) are never copied into this repository: tests read them from
``../shared/fixtures/`` beside the checkout (``SOURCES.md`` there says where each comes from),
through the ``shared_fixture`` fixture, which skips the test with the reason when they are absent.
The files under ``tests/fixtures/`` are the project's own (see its SOURCES.md).
"""

import faulthandler
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# what a run keeps for the next (storage.cache: the app's parsed workspaces, a record's draws and
# contents): in a folder of this test session, never the user's cache
os.environ.setdefault("DEEPDECIDE_CACHE_DIR", tempfile.mkdtemp(prefix="deepdecide-test-cache-"))
# the tests expect English unless they ask for another language (a developer's LANG=es_ES would
# otherwise turn every CLI test Spanish); tests of Spanish pass LANG or --lang explicitly
for _var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
    os.environ.pop(_var, None)
os.environ["LANG"] = "C.UTF-8"


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """``faulthandler_timeout`` (pyproject.toml) dumps every thread's stack when a test hangs. The
    tests marked ``slow`` or ``bundle`` take longer than that by design, and a dump printed for a
    passing test reads as a failure: pytest arms the timer around each test, this disarms it for them."""
    if item.get_closest_marker("slow") or item.get_closest_marker("bundle"):
        faulthandler.cancel_dump_traceback_later()


@pytest.fixture(autouse=True)
def _english_interface():
    """Each test starts (and leaves the process) in English."""
    from deepdecide.domain import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def _no_names_left_behind():
    """A desktop window names ids while it shows a workspace (messages.name_ids): not after its test."""
    yield
    from deepdecide.domain.messages import name_ids

    name_ids(None)

REPO_ROOT = Path(__file__).resolve().parents[1]
#: the real third-party files, beside the checkout (present in CI and for every developer)
SHARED_FIXTURES = REPO_ROOT / ".." / "shared" / "fixtures"


def shared_fixture_path(relative: str) -> Path:
    """The path of ``relative`` under ``../shared/fixtures``; skips the test when it is not there."""
    path = SHARED_FIXTURES / relative
    if not SHARED_FIXTURES.is_dir():
        pytest.skip(f"needs the real third-party files in {SHARED_FIXTURES.resolve()} "
                    "(the shared fixtures beside the checkout), which is absent")
    if not path.is_file():
        pytest.skip(f"needs {relative} from {SHARED_FIXTURES.resolve()}, which does not hold it")
    return path


@pytest.fixture(scope="session")
def shared_fixtures() -> Path:
    """The folder of the real third-party files; skips the test when it is absent."""
    if not SHARED_FIXTURES.is_dir():
        pytest.skip(f"needs the real third-party files in {SHARED_FIXTURES.resolve()} "
                    "(the shared fixtures beside the checkout), which is absent")
    return SHARED_FIXTURES.resolve()


@pytest.fixture(scope="session")
def shared_fixture() -> Callable[[str], Path]:
    """``shared_fixture("benchmarks/vllm/x.json")``: the file's path; skips the test when it is absent."""
    return shared_fixture_path

"""Make the kept files of tests/fixtures/history: a workspace and a record written by one commit's own code.

For every commit where the workspace schema (``SCHEMA_VERSION``) or the record's build format changed,
the files that build wrote are kept so that every later build is tested against them
(tests/storage/test_history_files.py). Run once per new commit, from the repository root:

    python tools/history_fixtures.py COMMIT [--python PY] [--fixture FILE --option ID] [--today YYYY-MM-DD]

``--python`` is an interpreter (of a scratch virtual environment) that has that commit's dependencies:
the commit's checkout (made here with ``git worktree add --detach``) is installed into it, as a user
installs it, and replaces whatever deepdecide it held. The commit's code writes, into
``tests/fixtures/history/schema-N/`` (N: the schema that commit writes):

- ``<sha>.sample.deepdecide.yaml``: its built-in sample, loaded and saved (``storage.files``; before
  there was a sample, the workspace of its own report tests);
- ``<sha>.import.deepdecide.yaml``: the same with one real benchmark file imported (its CLI's
  ``import FILE --into``), where the commit has an importer;
- ``<sha>.record.pdf``: the record of the sample (its CLI's ``report``, or ``report.build`` before
  there was one), dated ``--today`` where the commit's CLI takes a date.

Never rebuild or edit a kept file: each stands for files already in users' hands. Add the commit's
row to tests/fixtures/history/README.md by hand.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "fixtures" / "history"

# run by the installed commit: save the built-in sample, and build its record where there is no CLI report
# (a commit before the built-in sample saves the workspace its own report tests read)
SAVE_SAMPLE = """
import sys
from pathlib import Path
from deepdecide.storage import files
from deepdecide.domain.workspace import SCHEMA_VERSION
own = Path(sys.argv[2]) / "tests" / "fixtures" / "report" / "small.deepdecide.yaml"
sample = files.sample_workspace_path()
files.save_workspace(files.load_workspace(sample if sample.exists() else own), sys.argv[1])
print("sample" if sample.exists() else "tests/fixtures/report/small.deepdecide.yaml")
print(SCHEMA_VERSION)
"""
BUILD_RECORD = """
import sys
from pathlib import Path
from deepdecide.report.build import build
from deepdecide.storage import files
Path(sys.argv[2]).write_bytes(build(files.load_workspace(sys.argv[1])))
"""


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()


def _run(python: str, cwd: Path, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    proc = subprocess.run([python, *args], cwd=cwd, env={**env, "QT_QPA_PLATFORM": "offscreen"},
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(args[:3])}: exit {proc.returncode}\n{proc.stdout}\n{proc.stderr}")
    return proc.stdout.strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commit")
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--fixture", type=Path, help="a real benchmark file to import into the sample")
    parser.add_argument("--option", help="the sample's option the imported runs are evidence for")
    parser.add_argument("--today", help="the record's date, where the commit's report takes --today")
    parser.add_argument("--check", action="store_true",
                        help="write nothing: verify the commit's kept record with that commit's own verify")
    args = parser.parse_args(argv)
    sha = _git("rev-parse", "--short=7", args.commit)
    checkout = Path(tempfile.mkdtemp(prefix=f"hist-{sha}-"))
    checkout.rmdir()
    _git("worktree", "add", "--detach", str(checkout), sha)
    try:
        with tempfile.TemporaryDirectory() as scratch:
            tmp = Path(scratch)
            # installed as a user installs it (its own packaging; early builds read their version from the
            # installed metadata), and run from a folder that holds no source
            _run(args.python, tmp, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", str(checkout))
            sample = tmp / "sample.deepdecide.yaml"
            if args.check:
                for kept in sorted(OUT.glob(f"*/{sha}.record.pdf")):
                    proc = subprocess.run([args.python, "-m", "deepdecide", "verify", str(kept)], cwd=tmp,
                                          capture_output=True, text=True)
                    print(f"{kept.relative_to(ROOT)}: exit {proc.returncode}: {proc.stdout.splitlines()[:1]}")
                return 0
            source, schema = _run(args.python, tmp, "-c", SAVE_SAMPLE, str(sample), str(checkout)).splitlines()[-2:]
            print(f"saved: {source}")
            folder = OUT / f"schema-{schema}"
            folder.mkdir(parents=True, exist_ok=True)
            made = [(sample, folder / f"{sha}.sample.deepdecide.yaml")]
            cli = (checkout / "deepdecide" / "cli" / "report_cmd.py").exists()
            if args.fixture and (checkout / "deepdecide" / "cli" / "import_cmd.py").exists():
                imported = tmp / "import.deepdecide.yaml"
                shutil.copyfile(sample, imported)
                extra = ["--option", args.option] if args.option else []
                import_help = _run(args.python, tmp, "-m", "deepdecide", "import", "--help")
                if "--kind" in import_help:  # later builds ask who made a file: the shared fixtures are third-party
                    extra += ["--kind", "third-party"]
                _run(args.python, tmp, "-m", "deepdecide", "import", str(args.fixture.resolve()),
                     "--into", str(imported), *extra)
                made.append((imported, folder / f"{sha}.import.deepdecide.yaml"))
            record = tmp / "record.pdf"
            if cli:
                help_text = _run(args.python, tmp, "-m", "deepdecide", "report", "--help")
                dated = ["--today", args.today] if args.today and "--today" in help_text else []
                _run(args.python, tmp, "-m", "deepdecide", "report", str(sample), "-o", str(record), *dated)
            else:
                _run(args.python, tmp, "-c", BUILD_RECORD, str(sample), str(record))
            made.append((record, folder / f"{sha}.record.pdf"))
            for src, dst in made:
                if dst.exists():
                    raise SystemExit(f"{dst.relative_to(ROOT)} exists: kept files are never rebuilt")
                shutil.copyfile(src, dst)
                print(dst.relative_to(ROOT))
    finally:
        _git("worktree", "remove", "--force", str(checkout))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

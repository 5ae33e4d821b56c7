"""The full PDF consistency sweep (a script, not a test): ``python tools/pdf_consistency_sweep.py [N]``.

CI checks the PDF on 50 generated workspaces (``tests/consistency``); this runs the same check
on N of them (default 1,000): for each, the record's text (pdftotext) must show the parity
verdicts, efforts, weight shares and ranks that ``evaluate --json`` gives. Exits 1 on the first
disagreement, printing the generated example (its seeds) and the difference.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "consistency"))


def main(argv: list[str]) -> int:
    from generated import workspaces
    from hypothesis import HealthCheck, given, settings
    from test_views_agree import check_pdf, cli_data, pdf_text

    n = int(argv[1]) if len(argv) > 1 else 1000
    done = [0]
    start = time.monotonic()

    @settings(max_examples=n, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(gen=workspaces())
    def sweep(gen) -> None:
        check_pdf(cli_data(gen.ws), pdf_text(gen.ws))
        done[0] += 1
        if done[0] % 50 == 0:
            print(f"{done[0]} records agree ({time.monotonic() - start:.0f} s)", flush=True)

    sweep()
    print(f"all {done[0]} generated records agree with evaluate --json ({time.monotonic() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

"""``deepdecide verify FILE.pdf``: is a decision record intact or altered, and why."""

from __future__ import annotations

import json
import sys

NAME = "verify"
HELP = "check a PDF decision record: rebuild it from its embedded inputs and validate its signature"

EPILOG = """Offline. The record is rebuilt from the workspace embedded in it and compared byte for byte,
so a change to any text, table, chart or attachment is found; bytes after the record must be a
valid signature over exactly it. A self-signed certificate is valid but not trusted unless you
pass it with --trust.

exit codes: 0 intact, 1 altered (or cannot be confirmed), 3 not a readable PDF."""


def add_arguments(parser) -> None:
    parser.epilog = EPILOG
    parser.add_argument("file", metavar="FILE.pdf", help="the record to check")
    parser.add_argument("--trust", action="append", default=[], metavar="CERT.pem",
                        help="a certificate (PEM/DER) to trust as signer or root; repeatable")
    parser.add_argument("--require-trusted", action="store_true",
                        help="treat a signature whose signer is not trusted as a problem (exit 1)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


def run(args) -> int:
    from deepdecide.cli.main import EXIT_INPUT, EXIT_OK, EXIT_PROBLEM
    from deepdecide.report.integrity import INTACT, UnreadableRecord, verify
    from deepdecide.report.signing import SigningError, load_trust

    try:
        with open(args.file, "rb") as fh:
            data = fh.read()
    except FileNotFoundError:
        print(f"deepdecide verify: {args.file}: no such file", file=sys.stderr)
        return EXIT_INPUT
    except IsADirectoryError:
        print(f"deepdecide verify: {args.file}: is a folder, not a file", file=sys.stderr)
        return EXIT_INPUT
    except OSError as exc:
        print(f"deepdecide verify: {args.file}: cannot be read: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_INPUT
    try:
        trust = load_trust(args.trust)
        result = verify(data, trust=trust)
    except SigningError as exc:
        print(f"deepdecide verify: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except UnreadableRecord as exc:
        print(f"deepdecide verify: {args.file}: {exc}", file=sys.stderr)
        return EXIT_INPUT
    untrusted = [s for s in result.signatures if not s.trusted]
    status = result.status
    if status == INTACT and args.require_trusted and untrusted:
        status = "untrusted"
        result.reasons.append("the signer's certificate is not trusted (--require-trusted)")
    if args.json:
        print(json.dumps({
            "file": args.file, "status": status, "decision_id": result.decision_id,
            "inputs_sha256": result.inputs_sha256, "reasons": result.reasons, "checks": result.checks,
            "signatures": [s.__dict__ | {"notes": list(s.notes)} for s in result.signatures],
        }, indent=2))
    else:
        head = f"{args.file}: {status.upper() if status != INTACT else status}"
        if result.decision_id:
            head += f" (decision {result.decision_id}, inputs SHA-256 {result.inputs_sha256})"
        print(head)
        for line in result.checks:
            print(f"  ok: {line}")
        for line in result.reasons:
            print(f"  {'why' if status != INTACT else 'note'}: {line}")
        if status == INTACT and not result.signatures:
            print("  note: unsigned; a consistent record rebuilt from edited inputs would show another inputs hash,"
                  " so compare the hash with the one the signers approved")
    return EXIT_OK if status == INTACT else EXIT_PROBLEM

"""``deepdecide verify FILE.pdf``: is a decision record intact or altered, and why."""

from __future__ import annotations

import json
import sys
import textwrap

NAME = "verify"
HELP = "check a PDF decision record: rebuild it from its embedded inputs and validate its signature"

EXIT_TRUSTED = 0
EXIT_ALTERED = 1
EXIT_UNREADABLE = 3
EXIT_UNSIGNED = 5
EXIT_UNTRUSTED = 6
EXIT_NOT_A_RECORD = 7

# (exit code, headline, meaning): the one table of verify's outcomes (also in docs/verify.md)
OUTCOMES: tuple[tuple[int, str, str], ...] = (
    (EXIT_TRUSTED, "intact, signed and trusted",
     "rebuilt byte for byte from its embedded inputs; every signature valid, over exactly the record, "
     "by a certificate that chains to a --trust certificate"),
    (EXIT_UNSIGNED, "intact, unsigned", "the record matches its embedded inputs; nobody attested it"),
    (EXIT_UNTRUSTED, "intact, but a signer is not trusted",
     "signatures valid, but a signer's certificate is self-signed or chains to no --trust certificate "
     "(each certificate's subject and SHA-256 fingerprint are printed); with several signatures the worst decides"),
    (EXIT_ALTERED, "ALTERED", "the file is not the record its inputs give, a signature does not verify, or it "
     "cannot be confirmed (built by other software)"),
    (EXIT_NOT_A_RECORD, "NOT A DEEPDECIDE RECORD", "a PDF without deepdecide's embedded inputs"),
    (EXIT_UNREADABLE, "(error message)", "the file cannot be read, is not a PDF, or a --trust file is unreadable"),
)

EPILOG = """Offline. The record is rebuilt from the workspace embedded in it and compared byte for byte,
so a change to any text, table, chart or attachment is found; bytes after the record must be valid
signatures over exactly it. A signature is trusted only when its certificate chains to a certificate
given with --trust (an organisation's CA, or the signer's own certificate obtained out of band): a
self-signed certificate can carry any name, so it proves nothing on its own.

exit codes (the worst outcome decides):
""" + "\n".join(textwrap.fill(f"{head}: {meaning}", 96, break_on_hyphens=False, initial_indent=f"  {code}  ", subsequent_indent="     ")
                for code, head, meaning in OUTCOMES) + """
  2  usage error"""


def add_arguments(parser) -> None:
    import argparse

    parser.epilog = EPILOG
    parser.add_argument("file", metavar="FILE.pdf", help="the record to check")
    parser.add_argument("--trust", action="append", default=[], metavar="CA.pem",
                        help="a certificate (PEM/DER) to trust as root or signer, e.g. your organisation's CA; "
                             "repeatable")
    parser.add_argument("--require-trusted", action="store_true", help=argparse.SUPPRESS)  # now always so
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


def outcome(result) -> tuple[int, str]:
    """The exit code and headline of a verification (see OUTCOMES)."""
    from deepdecide.report.integrity import INTACT, NOT_A_RECORD

    if result.status == NOT_A_RECORD:
        return EXIT_NOT_A_RECORD, "NOT A DEEPDECIDE RECORD"
    if result.status != INTACT:
        return EXIT_ALTERED, result.status.upper()
    if not result.signatures:
        return EXIT_UNSIGNED, "intact, unsigned"
    if not all(s.trusted for s in result.signatures):
        return EXIT_UNTRUSTED, "intact, but a signer is not trusted"
    return EXIT_TRUSTED, "intact, signed and trusted"


def run(args) -> int:
    from deepdecide.report.integrity import UnreadableRecord, verify
    from deepdecide.report.signing import SigningError, load_trust

    try:
        with open(args.file, "rb") as fh:
            data = fh.read()
    except FileNotFoundError:
        print(f"deepdecide verify: {args.file}: no such file", file=sys.stderr)
        return EXIT_UNREADABLE
    except IsADirectoryError:
        print(f"deepdecide verify: {args.file}: is a folder, not a file", file=sys.stderr)
        return EXIT_UNREADABLE
    except OSError as exc:
        print(f"deepdecide verify: {args.file}: cannot be read: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    try:
        trust = load_trust(args.trust)
        result = verify(data, trust=trust)
    except SigningError as exc:
        print(f"deepdecide verify: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    except UnreadableRecord as exc:
        print(f"deepdecide verify: {args.file}: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    code, headline = outcome(result)
    if args.json:
        print(json.dumps({
            "file": args.file, "status": result.status, "outcome": headline, "exit_code": code,
            "decision_id": result.decision_id,
            "inputs_sha256": result.inputs_sha256, "reasons": result.reasons, "checks": result.checks,
            "signatures": [s.__dict__ | {"notes": list(s.notes)} for s in result.signatures],
        }, indent=2))
        return code
    head = f"{args.file}: {headline}"
    if result.decision_id:
        head += f" (decision {result.decision_id}, inputs SHA-256 {result.inputs_sha256})"
    print(head)
    for line in result.checks:
        print(f"  ok: {line}")
    for line in result.reasons:
        print(f"  {'why' if code in (EXIT_ALTERED, EXIT_NOT_A_RECORD) else 'note'}: {line}")
    for s in result.signatures:
        state = ("trusted" if s.trusted else
                 "NOT TRUSTED: self-signed, anyone can make one with this name" if s.self_signed else
                 "NOT TRUSTED: chains to no --trust certificate")
        print(f"  certificate of signature {s.field_name}: {s.signer or 'unknown subject'}; "
              f"SHA-256 fingerprint {s.fingerprint_sha256 or '?'}; {state}")
    if code == EXIT_UNSIGNED:
        print("  note: unsigned; a consistent record rebuilt from edited inputs would show another inputs hash,"
              " so compare the hash with the one the signers approved")
    if code == EXIT_UNTRUSTED:
        print("  note: compare each fingerprint with the signer's, then pass their CA (or certificate) "
              "with --trust CA.pem")
    return code

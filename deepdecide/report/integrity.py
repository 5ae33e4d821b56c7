"""Is this PDF the record its embedded inputs give? Extract the inputs, rebuild, compare bytes, explain.

A record is *intact* when rebuilding it from the canonical workspace and build parameters it
carries gives exactly its bytes (then no text, table, chart, metadata or attachment can have
changed), and anything after those bytes is a valid signature over exactly them. Otherwise
it is *altered*, and the report says where: the attachment, a page's text, a drawing, the
metadata, or bytes appended after the record.

A record is rebuilt byte for byte only by the software that made it (its build parameters name it:
``params.generator_info``). A record made by another deepdecide version (or with another reportlab or
zlib) is *unconfirmed*, never altered for that alone: verify it with that version. Of such a record
everything that needs no rebuild is checked, and a failure makes it *altered*: every page footer
shows the SHA-256 of the embedded inputs, every compressed stream decodes with its checksum, the
inputs are canonical JSON (and a valid workspace, where this version reads them), and nothing but
valid signatures was appended.

What the rebuild cannot catch: someone who edits the inputs and builds a new record gets a
consistent record with a different inputs hash. Compare the hash with the one the signers
approved, or rely on the signature, which pins the record's bytes to the signer's key.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import zlib
from dataclasses import dataclass, field
from typing import Any

from deepdecide.domain import approval, formatting
from deepdecide.domain.errors import DeepdecideError, ValidationError, ValidationErrors
from deepdecide.domain.i18n import N_, _, ngettext
from deepdecide.domain.vocabulary import word
from deepdecide.domain.workspace import SCHEMA_VERSION, RecordStatus, Vote, Workspace
from deepdecide.report.approval import APPROVAL, APPROVED, REJECTED, ApprovalState, state_of_record
from deepdecide.report.canonical import (
    APPROVAL_NAME,
    BUILD_NAME,
    INPUTS_NAME,
    PREVIOUS_NAME,
    dumps_canonical,
    sha256_hex,
    workspace_from_json,
)
from deepdecide.report.embedded import extract_attachments
from deepdecide.report.params import generator_info, params_date, params_language
from deepdecide.report.render import SECTIONS, check_previous, render
from deepdecide.report.signing import SignatureCheck, validate_signatures
from deepdecide.storage.files import approval_content_sha256, canonical_json, document_schema

INTACT = N_("intact")
ALTERED = N_("altered")
UNCONFIRMED = N_("unconfirmed")
NOT_A_RECORD = N_("not a deepdecide record")


@dataclass
class Verification:
    status: str = ALTERED
    reasons: list[str] = field(default_factory=list)  # why it is altered / unconfirmed
    checks: list[str] = field(default_factory=list)  # what was checked and held
    decision_id: str = ""
    inputs_sha256: str = ""
    language: str = ""  # the record's language, from its build parameters
    made_by: dict[str, str] = field(default_factory=dict)  # the software that made it, from its build parameters
    #: the workspace schema of its inputs when an earlier build of this very software made it (None otherwise)
    earlier_schema: int | None = None
    crls: list[Any] | None = None  # the revocation lists the signatures were checked against
    legacy: bool = False  # says accepted (or rejected) without a signed approval record to show it
    record_bytes: int = 0
    signatures: list[SignatureCheck] = field(default_factory=list)
    approval: ApprovalState | None = None  # of an intact record, set by the verify command
    embedded: EmbeddedApproval | None = None  # the signed approval record an accepted record embeds, checked

    @property
    def intact(self) -> bool:
        return self.status == INTACT


def _page_texts(pdf: bytes) -> list[str]:
    from pypdf import PdfReader

    try:
        reader = PdfReader(io.BytesIO(pdf), strict=False)
        return [(p.extract_text() or "") for p in reader.pages]
    except Exception:  # explanation only: an unreadable page is reported by the byte comparison
        return []


# "inputs SHA-256 <hash>" in English, "SHA-256 de las entradas <hash>" in Spanish: a few words may
# stand between the name of the hash and the hash
_FOOTER_HASH = re.compile(r"SHA-256(?: [^\W\d_]+){0,4} ([0-9a-f]{64})")


def footer_hashes(texts: list[str]) -> list[str | None]:
    out = []
    for t in texts:
        m = _FOOTER_HASH.search(t)
        out.append(m.group(1) if m else None)
    return out


def _object_at(pdf: bytes, offset: int) -> int | None:
    starts = list(re.finditer(rb"(?:^|[\r\n])(\d+) 0 obj", pdf[: offset + 1]))
    return int(starts[-1].group(1)) if starts else None


def _describe_object(pdf: bytes, number: int) -> str:
    from pypdf import PdfReader

    try:
        reader = PdfReader(io.BytesIO(pdf), strict=False)
        for i, page in enumerate(reader.pages, start=1):
            contents = page.get("/Contents")
            refs = contents if isinstance(contents, list) else [contents]
            for ref in refs:
                if getattr(ref, "idnum", None) == number:
                    return _("the drawing of page {page} (text placement, table rules or chart)").format(page=i)
            if getattr(page.indirect_reference, "idnum", None) == number:
                return _("the page object of page {page}").format(page=i)
        obj = reader.get_object(number)
        get = getattr(obj, "get", None)
        kind = get("/Type") if get is not None else None
        if kind == "/EmbeddedFile":
            return _("an embedded file")
        if kind == "/Filespec":
            return _("an embedded file's description")
        if kind in ("/Font", "/FontDescriptor"):
            return _("a font")
        if get is not None and get("/Producer") is not None:
            return _("the document metadata (title, author, dates)")
        if kind:
            return _("a {kind} object").format(kind=str(kind).lstrip('/'))
    except Exception:
        return _("an object the PDF reader cannot resolve")
    return _("a PDF object")


def _explain_difference(pdf: bytes, rebuilt: bytes, inputs: bytes, found: Verification) -> None:
    """Say where ``pdf`` departs from the rebuilt record (best effort; the verdict is already made).

    Of a signed file, the record's own bytes (its first revision, as long as the rebuilt record) are
    compared: the signatures' incremental updates after them (their metadata, their producer) are
    never blamed, and a changed byte is named with the signatures whose coverage holds it."""
    if len(pdf) > len(rebuilt) and _revisions(pdf) > 1:
        base = pdf[:len(rebuilt)]
        updates = _revisions(pdf) - 1
        found.reasons.append(ngettext(
            "the file holds {n} incremental update after its first {size} (signatures): the "
            "record is those first bytes, compared here with the record its inputs give",
            "the file holds {n} incremental updates after its first {size} (signatures): the "
            "record is those first bytes, compared here with the record its inputs give", updates).format(
                                   n=updates, size=formatting.count(len(rebuilt), "byte")))
        before = len(found.reasons)
        _explain_record(base, rebuilt, inputs, found)
        if len(found.reasons) == before:
            found.reasons.append(_("the file differs from the record its inputs give"))
        offset = _first_difference(base, rebuilt)
        if offset is not None:
            covering = _covering_signatures(pdf, offset)
            if covering:
                found.reasons.append(_("byte {offset} lies inside the bytes signed by {fields}: their digest no "
                                       "longer matches").format(offset=formatting.localized(f"{offset:,}"),
                                                                fields=", ".join(covering)))
        return
    _explain_record(pdf, rebuilt, inputs, found)


def _first_difference(a: bytes, b: bytes) -> int | None:
    limit = min(len(a), len(b))
    return next((i for i in range(limit) if a[i] != b[i]), limit if len(a) != len(b) else None)


def _covering_signatures(pdf: bytes, offset: int) -> list[str]:
    """The signature fields whose signed byte ranges hold ``offset``."""
    from pyhanko.pdf_utils.reader import PdfFileReader

    out = []
    try:
        for sig in PdfFileReader(io.BytesIO(pdf), strict=False).embedded_signatures:
            br = list(sig.byte_range or [])
            if len(br) == 4 and (br[0] <= offset < br[0] + br[1] or br[2] <= offset < br[2] + br[3]):
                out.append(sig.field_name or "?")
    except Exception:  # explanation only
        return out
    return out


def _explain_record(pdf: bytes, rebuilt: bytes, inputs: bytes, found: Verification) -> None:
    """Say where the record's bytes ``pdf`` depart from the rebuilt record."""
    start = len(found.reasons)
    digest = sha256_hex(inputs)
    texts = _page_texts(pdf)
    expected = _page_texts(rebuilt)
    hashes = [h for h in footer_hashes(texts) if h]
    if hashes and any(h != digest for h in hashes):
        other = next(h for h in hashes if h != digest)
        found.reasons.append(_("the embedded inputs (SHA-256 {digest}…) are not the ones the pages were printed "
                               "from (footer SHA-256 {other}…): the attachment was replaced or edited").format(
                                   digest=digest[:16], other=other[:16]))
        changed = sum(1 for a, b in zip(texts, expected, strict=False) if a != b)
        found.reasons.append(_("the attached inputs give a record whose text differs on {changed} of "
                               "{pages} pages").format(changed=changed, pages=len(expected)))
        return
    if texts and expected and len(texts) != len(expected):
        found.reasons.append(_("the file has {pages} pages; the record its inputs give has {expected}").format(
            pages=len(texts), expected=len(expected)))
    elif texts and expected:
        differing = [i for i, (a, b) in enumerate(zip(texts, expected, strict=True), start=1) if a != b]
        for i in differing[:5]:
            a, b = texts[i - 1].split(), expected[i - 1].split()
            k = next((j for j in range(min(len(a), len(b))) if a[j] != b[j]), min(len(a), len(b)))
            got = " ".join(a[k:k + 6]) or _("(nothing)")
            want = " ".join(b[k:k + 6]) or _("(nothing)")
            found.reasons.append(_("page {page}: the text reads \"{got}\" where the record has \"{want}\"").format(
                page=i, got=got, want=want))
        if len(differing) > 5:
            found.reasons.append(_("… and the text of {n} more pages differs").format(n=len(differing) - 5))
    if len(found.reasons) == start:
        found.reasons.extend(_structural_differences(pdf, rebuilt))
    if len(found.reasons) == start:
        limit = min(len(pdf), len(rebuilt))
        offset = next((i for i in range(limit) if pdf[i] != rebuilt[i]), limit)
        if offset < limit:
            number = _object_at(pdf, offset)
            what = _describe_object(pdf, number) if number is not None else _("the file header or trailer")
            line = (_("byte {offset} differs from the record, in {what} (object {number})") if number is not None
                    else _("byte {offset} differs from the record, in {what}"))
            found.reasons.append(line.format(offset=formatting.localized(f"{offset:,}"), what=what, number=number))
        elif len(pdf) < len(rebuilt):
            found.reasons.append(_("the file is {n} bytes shorter than the record: truncated").format(
                n=formatting.localized(f"{len(rebuilt) - len(pdf):,}")))
        else:
            found.reasons.append(_("the file differs from the record its inputs give"))


def _structural_differences(pdf: bytes, rebuilt: bytes) -> list[str]:
    """Same text everywhere: compare what else a reader sees — drawings, metadata, attachments."""
    from pypdf import PdfReader

    out: list[str] = []
    try:
        a = PdfReader(io.BytesIO(pdf), strict=False)
        b = PdfReader(io.BytesIO(rebuilt), strict=False)
        for i, (pa, pb) in enumerate(zip(a.pages, b.pages, strict=False), start=1):
            ca = pa.get_contents()
            cb = pb.get_contents()
            if (ca.get_data() if ca is not None else b"") != (cb.get_data() if cb is not None else b""):
                out.append(_("page {page}: the drawing differs (same text, but lines, shapes, colours or positions "
                             "changed, e.g. in a chart or table)").format(page=i))
            if len(pa.get("/Annots") or []) != len(pb.get("/Annots") or []):
                out.append(_("page {page}: annotations (links, form fields, comments) were added or removed").format(page=i))
        ma: dict[Any, Any] = a.metadata or {}
        mb: dict[Any, Any] = b.metadata or {}
        for key in sorted(set(ma) | set(mb)):
            if str(ma.get(key)) != str(mb.get(key)):
                out.append(_("the metadata field {key} reads {got!r} where the record has {want!r}").format(
                    key=key.lstrip('/'), got=str(ma.get(key))[:60], want=str(mb.get(key))[:60]))
        att_a, att_b = a.attachments, b.attachments
        for name in sorted(set(att_a) | set(att_b)):
            if att_a.get(name) != att_b.get(name):
                out.append(_("the embedded file {name} differs from the record's").format(name=name))
    except Exception:  # explanation only
        return out
    return out


def verify(pdf: bytes, *, trust: list[Any] | None = None, crls: list[Any] | None = None) -> Verification:
    """Check a record file; raise UnreadableRecord if it is not a readable PDF. ``trust``: certificates
    a signature may chain to; ``crls``: revocation lists (``signing.load_crls``; without them
    revocation is not checked). A record that embeds a signed approval record (an accepted record)
    is intact only when that record backs its sign-offs (``check_approval_record``, below)."""

    found = Verification()
    found.crls = crls
    attachments = extract_attachments(pdf)
    inputs = attachments.get(INPUTS_NAME)
    params_raw = attachments.get(BUILD_NAME)
    if inputs is None or params_raw is None:
        missing = [n for n in (INPUTS_NAME, BUILD_NAME) if n not in attachments]
        if not attachments.keys() & {INPUTS_NAME, BUILD_NAME} and not _looks_like_a_record(pdf):
            found.status = NOT_A_RECORD
            found.reasons.append(_("the PDF carries none of deepdecide's embedded files ({files}) and "
                                   "no page shows a deepdecide inputs hash: it was not made by deepdecide").format(
                                       files=", ".join(missing)))
        else:
            found.reasons.append(ngettext("the embedded file {files} is missing: the record's inputs were removed",
                                          "the embedded files {files} are missing: the record's inputs were removed",
                                          len(missing)).format(files=", ".join(missing)))
        found.signatures = _signatures(pdf, trust, found)
        return found
    found.inputs_sha256 = sha256_hex(inputs)
    found.made_by = made_by(params_raw) or {}
    if found.made_by and found.made_by != generator_info():
        _unconfirmed(pdf, inputs, params_raw, attachments.get(PREVIOUS_NAME), trust, found)
        return found
    schema = _inputs_schema(inputs)
    if found.made_by and schema is not None and schema < SCHEMA_VERSION:
        # the same version and libraries, but inputs of an earlier schema: an earlier build of this version
        # made it (the build's own schema is what it writes), and only that build rebuilds it
        found.earlier_schema = schema
        _unconfirmed(pdf, inputs, params_raw, attachments.get(PREVIOUS_NAME), trust, found)
        return found
    try:
        ws = workspace_from_json(inputs)
    except (ValidationError, ValidationErrors) as exc:
        found.reasons.append(_("the embedded inputs are not a valid workspace: {reason}").format(reason=exc))
        found.signatures = _signatures(pdf, trust, found)
        return found
    found.decision_id = ws.decision.id
    if canonical_json(ws) != inputs:
        found.reasons.append(_("the embedded inputs are not in canonical form: they were edited after the build"))
    try:
        params = json.loads(params_raw)
        sections = tuple(params["sections"])
        if not found.made_by:
            raise ValueError("they do not name the software that made the record (generator)")
        if not set(sections) <= set(SECTIONS):
            raise ValueError(f"unknown sections {sorted(set(sections) - set(SECTIONS))}")
        dated = params_date(params_raw)
        if ws.decision.record_date and dated and dated != ws.decision.record_date:
            raise ValueError(f"they date the record {dated}, but its inputs pin {ws.decision.record_date} "
                             "(decision.record_date)")
        found.language = params_language(params_raw)
    except (ValueError, KeyError, TypeError) as exc:
        found.reasons.append(_("the embedded build parameters cannot be read: {reason}").format(reason=exc))
        found.signatures = _signatures(pdf, trust, found)
        return found

    previous = attachments.get(PREVIOUS_NAME)
    if previous is not None:
        try:
            check_previous(ws, previous)
        except DeepdecideError as exc:
            found.reasons.append(f"the embedded earlier revision does not match: {exc}")
            found.signatures = _signatures(pdf, trust, found)
            return found
    signed = attachments.get(APPROVAL_NAME)
    rebuilt = render(ws, inputs, params_raw, sections, previous_inputs=previous, approval_record=signed)
    found.record_bytes = len(rebuilt)
    if found.reasons:  # non-canonical inputs: still explain where the file departs
        _explain_difference(pdf, rebuilt, inputs, found)
        found.signatures = _signatures(pdf, trust, found)
        return found
    if pdf == rebuilt:
        found.status = INTACT
        found.checks.append(_("rebuilt from its embedded inputs, the record is identical byte for byte ({size})")
                            .format(size=formatting.count(len(pdf), "byte")))
        found.signatures = []
        _check_sign_offs(ws, signed, trust, crls, found)
        return found
    if pdf.startswith(rebuilt):
        found.checks.append(_("the first {size} are exactly the record rebuilt from its embedded inputs").format(
            size=formatting.count(len(rebuilt), "byte")))
        found.signatures = _signatures(pdf, trust, found)
        if _judge_appendix(pdf, len(rebuilt), found):
            found.status = INTACT
            _check_sign_offs(ws, signed, trust, crls, found)
        return found
    _explain_difference(pdf, rebuilt, inputs, found)
    found.signatures = _signatures(pdf, trust, found)
    return found


def _check_sign_offs(ws: Any, signed: bytes | None, trust: list[Any] | None, crls: list[Any] | None,
                     found: Verification) -> None:
    """Of an intact record: the signed approval record it embeds must back its sign-offs (else it is
    altered), and sign-offs no signed record backs under a status only signatures give are legacy,
    unverified (a reason; ``verify`` reports the record as not approved)."""

    if signed is None:
        legacy = approval.unverified_rows(ws)
        found.legacy = approval.rests_on_signatures(ws)
        if found.legacy or legacy:
            found.reasons.append(_("the sign-offs are legacy, unverified: the record embeds no signed approval "
                                   "record, so nothing shows that the approvers signed ({rows})").format(
                rows=", ".join(f"{s.role}: {s.verdict.value}" for _i, s in legacy) or word_status(ws)))
        return
    found.embedded = embedded = check_approval_record(ws, signed, trust=trust, crls=crls)
    if embedded.problems:
        found.status = ALTERED
        found.reasons.extend(_("the embedded signed approval record ({name}) does not back the sign-offs: "
                               "{problem}").format(name=APPROVAL_NAME, problem=p) for p in embedded.problems)
        return
    found.checks.append(_("the embedded signed approval record ({name}, SHA-256 {sha}) is intact, over this "
                          "record's content, and holds every sign-off's signature").format(
                              name=APPROVAL_NAME, sha=embedded.sha256))


def word_status(ws: Any) -> str:
    return _("status {status}").format(status=_(ws.decision.status.value))


def made_by(params: bytes) -> dict[str, str] | None:
    """The software that made a record (``params.generator_info`` as it was), from its build parameters;
    None when they do not say."""
    try:
        generator = json.loads(params).get("generator")
    except (ValueError, AttributeError):
        return None
    if not isinstance(generator, dict) or not generator or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in generator.items()):
        return None
    return dict(generator)


def software(made: dict[str, str]) -> str:
    """The software a record names, in words ("deepdecide 0.1.0 with reportlab 4.2.5 and zlib 1.2.13")."""
    return _("deepdecide {deepdecide} with reportlab {reportlab} and zlib {zlib}").format(
        deepdecide=made.get("deepdecide", "?"), reportlab=made.get("reportlab", "?"), zlib=made.get("zlib", "?"))


def _unconfirmed(pdf: bytes, inputs: bytes, params: bytes, previous: bytes | None, trust: list[Any] | None,
                 found: Verification) -> None:
    """Judge a record made by other software without rebuilding it: *unconfirmed* when every check that
    needs no rebuild holds, *altered* when one fails (see the module's docstring)."""

    here = generator_info()
    made = found.made_by
    found.language = params_language(params)
    altered: list[str] = []  # what shows the file was changed, whatever made it
    notes = [_("made by {made}; this is {here}: only the software that made a record rebuilds it byte for byte, "
               "so its pages were not compared with its inputs here. Verify it with that version").format(
                   made=software(made), here=software(here))
             if found.earlier_schema is None else
             _("made by an earlier build of {made}: its inputs are of workspace schema {schema}, this build writes "
               "schema {current}; only the build that made a record rebuilds it byte for byte, so its pages were "
               "not compared with its inputs here. Verify it with that build").format(
                   made=software(made), schema=found.earlier_schema, current=SCHEMA_VERSION)]
    # the page footers show the inputs' hash
    digest = found.inputs_sha256
    texts = _page_texts(pdf)
    hashes = footer_hashes(texts)
    if hashes and all(h == digest for h in hashes):
        found.checks.append(_("every page footer shows the SHA-256 of the embedded inputs"))
    elif not hashes:
        altered.append(_("the pages cannot be read to find the inputs hash in their footers"))
    else:
        pages = [i for i, h in enumerate(hashes, start=1) if h != digest]
        altered.append(ngettext("the footer of page {pages} does not show the SHA-256 of the embedded inputs "
                                "({digest}…): the pages or the attachment were changed",
                                "the footers of pages {pages} do not show the SHA-256 of the embedded inputs "
                                "({digest}…): the pages or the attachment were changed", len(pages)).format(
                             pages=", ".join(map(str, pages[:8])) + (" …" if len(pages) > 8 else ""),
                             digest=digest[:16]))
    # every compressed stream decodes with its checksum (a changed byte in a page, font or file breaks it)
    broken = _undecodable_streams(pdf)
    if broken:
        altered.extend(_("{what} (object {number}) does not decode: its bytes were changed").format(
            what=_describe_object(pdf, n), number=n) for n in broken[:5])
    else:
        found.checks.append(_("every compressed stream (pages, fonts, embedded files) decodes with its checksum"))
    # the inputs are canonical JSON, and a workspace where this version reads them
    try:
        doc = json.loads(inputs.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        doc = None
        altered.append(_("the embedded inputs are not JSON: {reason}").format(reason=exc))
    if doc is not None:
        decision = doc.get("decision") if isinstance(doc, dict) else None
        if isinstance(decision, dict) and isinstance(decision.get("id"), str):
            found.decision_id = decision["id"]
        if dumps_canonical(doc) != inputs:
            altered.append(_("the embedded inputs are not in canonical form: they were edited after the build"))
        else:
            found.checks.append(_("the embedded inputs are canonical JSON"))
        try:
            ws = workspace_from_json(inputs)
        except (ValidationError, ValidationErrors) as exc:
            notes.append(_("the embedded inputs are not a valid workspace for deepdecide {version} ({reason}): "
                           "their content was not checked here").format(version=here["deepdecide"], reason=exc))
        else:
            found.decision_id = ws.decision.id
            found.checks.append(_("the embedded inputs are a valid workspace for deepdecide {version}").format(
                version=here["deepdecide"]))
            if canonical_json(ws) != inputs:
                notes.append(_("deepdecide {version} writes these inputs otherwise (its workspace format changed "
                               "since): that they are exactly what deepdecide {made} wrote was not checked here")
                             .format(version=here["deepdecide"], made=made.get("deepdecide", "?")))
            if previous is not None:
                try:
                    check_previous(ws, previous)
                except DeepdecideError as exc:
                    altered.append(_("the embedded earlier revision does not match: {reason}").format(reason=exc))
                else:
                    found.checks.append(_("the embedded earlier revision is the one the inputs name"))
    # nothing but valid signatures after the record
    judged = Verification(crls=found.crls)
    found.signatures = judged.signatures = _signatures(pdf, trust, judged)
    if found.signatures and not judged.reasons:
        _judge_appendix(pdf, None, judged)
    elif not found.signatures and _revisions(pdf) > 1:
        judged.reasons.append(_("something was appended after the record (an incremental update that is not a "
                                "signature)"))
    altered.extend(judged.reasons)
    found.checks.extend(judged.checks)
    found.status = ALTERED if altered else UNCONFIRMED
    found.reasons = [*altered, *notes]


def _inputs_schema(inputs: bytes) -> int | None:
    """The workspace schema a record's embedded inputs state (None when they are no JSON object of one)."""
    try:
        return document_schema(json.loads(inputs.decode("utf-8")))
    except (UnicodeDecodeError, ValueError):
        return None


def _undecodable_streams(pdf: bytes) -> list[int]:
    """The objects of ``pdf`` whose compressed stream does not decode (deflate with its checksum, after
    ASCII85 where a record of deepdecide 0.1.0 used it); deepdecide writes no other stream filters."""
    from pypdf import PdfReader
    from pypdf.filters import ASCII85Decode
    from pypdf.generic import StreamObject

    out: list[int] = []
    try:
        reader = PdfReader(io.BytesIO(pdf), strict=False)
        numbers = sorted({n for table in reader.xref.values() for n in table})
    except Exception:  # an unreadable structure is reported by the other checks
        return out
    for n in numbers:
        try:
            obj = reader.get_object(n)
        except Exception:
            out.append(n)
            continue
        if not isinstance(obj, StreamObject):
            continue
        filters = obj.get("/Filter")
        names = [str(f) for f in (filters if isinstance(filters, list) else [filters] if filters else [])]
        if not names or not set(names) <= {"/FlateDecode", "/ASCII85Decode", "/Fl", "/A85"}:
            continue
        data = obj._data
        try:
            for name in names:
                data = ASCII85Decode.decode(data) if name in ("/ASCII85Decode", "/A85") else zlib.decompress(data)
        except Exception:
            out.append(n)
    return out


def _revisions(pdf: bytes) -> int:
    """How many revisions the file holds (1: a record as written; each incremental update adds one)."""
    from pyhanko.pdf_utils.reader import PdfFileReader

    try:
        return int(PdfFileReader(io.BytesIO(pdf), strict=False).total_revisions)
    except Exception:  # an unreadable structure is reported by the other checks
        return 1


def _looks_like_a_record(pdf: bytes) -> bool:
    """A deepdecide record whose attachments were removed still names its producer or shows the inputs
    hash in its page footers."""
    if b"deepdecide (reportlab)" in pdf:
        return True
    try:
        return any(footer_hashes(_page_texts(pdf)))
    except Exception:  # an unreadable page: judged by the producer alone
        return False


def _signatures(pdf: bytes, trust: list[Any] | None, found: Verification) -> list[SignatureCheck]:
    try:
        sigs = validate_signatures(pdf, trust, found.crls)
    except Exception as exc:  # a damaged signature dictionary: report, do not crash
        found.reasons.append(f"the signatures cannot be read: {exc}")
        return []
    for s in sigs:
        if not s.intact:
            found.reasons.append(f"signature {s.field_name}: the signed bytes were changed (digest mismatch)")
        elif not s.valid:
            found.reasons.append(f"signature {s.field_name}: does not verify with the signer's key"
                                 + (f" ({s.error})" if s.error else ""))
        elif s.error:
            found.reasons.append(f"signature {s.field_name}: {s.error}")
    return sigs


def _judge_appendix(pdf: bytes, record_size: int | None, found: Verification) -> bool:
    """Bytes after the record (of ``record_size`` bytes, where it was rebuilt): acceptable only as valid
    signatures, the first signing exactly the record. Adds the reasons why not, or the checks that held."""
    sigs = found.signatures
    if not sigs:
        found.reasons.append(_("{size} were appended after the record (an incremental update that is not a "
                               "signature)").format(size=formatting.count(len(pdf) - (record_size or 0), "byte")))
        return False
    if any(not s.ok for s in sigs):
        return False  # reasons already recorded
    first, last = sigs[0], sigs[-1]
    if first.revision != 1:
        found.reasons.append(_("the first signature ({field}) signs revision {revision}, not the "
                               "revision right after the record: something was added between record and signature").format(
                                   field=first.field_name, revision=first.revision))
        return False
    bad = [s for s in sigs[:-1] if not s.modification_ok]
    if bad:
        found.reasons.append(_("after signature {field} the document was changed ({how})").format(
            field=bad[0].field_name, how=bad[0].modification))
        return False
    if not last.covers_whole_file:
        found.reasons.append((_("the file was changed after the last signature ({field}: {how})") if last.modification
                              else _("the file was changed after the last signature ({field})")).format(
                                  field=last.field_name, how=last.modification))
        return False
    for s in sigs:
        who = s.signer or _("unknown signer")
        if s.signing_time:
            line = (_("signature {field} by {who} at {time}: intact and valid; trusted") if s.trusted else
                    _("signature {field} by {who} at {time}: intact and valid; signer's certificate not trusted here "
                      "(pass --trust CERT.pem)"))
        else:
            line = (_("signature {field} by {who}: intact and valid; trusted") if s.trusted else
                    _("signature {field} by {who}: intact and valid; signer's certificate not trusted here "
                      "(pass --trust CERT.pem)"))
        found.checks.append(line.format(field=s.field_name, who=who, time=s.signing_time))
    found.checks.append(_("the signature is an incremental update over exactly the record; nothing follows it"))
    return True


# ---------------------------------------------------------------------------------------------
# the accepted record: its sign-offs backed by the embedded signed approval record


@dataclass
class EmbeddedApproval:
    """The signed approval record a record embeds (or is exported with), checked against its sign-offs."""
    sha256: str
    status: str = ""  # the signed record's own verification status (intact, altered, unconfirmed ...)
    signatures: list[SignatureCheck] = field(default_factory=list)
    state: ApprovalState | None = None
    problems: list[str] = field(default_factory=list)  # why it does not back the sign-off rows (empty: it does)
    not_named: list[str] = field(default_factory=list)  # rows whose signature is not by the approver they name
    expected: str = APPROVED  # the approval state the record's status claims (approved, or rejected)


def check_approval_record(ws: Workspace, signed: bytes, *, trust: list[Any] | None = None,
                          crls: list[Any] | None = None) -> EmbeddedApproval:
    """Whether ``signed`` backs the sign-off rows of ``ws``: it is the PDF the rows name
    (``signed_record_sha256``), intact (rebuilt byte for byte, every signature valid over it), its
    inputs are the content of ``ws`` (everything but the status and the signed fields of the rows:
    ``approval.STATUS_FIELDS``, ``approval.SIGNED_FIELDS``), and every row holding a verdict is that
    role's signature in the signed record, by the approver the row names: same verdict, date,
    conditions and certificate. Trust (``trust``) and revocation (``crls``) are judged here for
    ``verify``; they do not make the record fail to back the rows."""
    found = EmbeddedApproval(sha256=hashlib.sha256(signed).hexdigest(),
                             expected=REJECTED if ws.decision.status == RecordStatus.REJECTED else APPROVED)
    named = approval.backing_records(ws)
    if named and found.sha256 not in named:
        found.problems.append(_("it is not the signed record the sign-off rows name (SHA-256 {named}…; this one "
                                "{sha}…)").format(named=named[0][:16], sha=found.sha256[:16]))
    try:
        if APPROVAL_NAME in extract_attachments(signed):  # a record for approval never embeds one: no nesting
            found.problems.append(_("the signed approval record embeds another approval record: it is not a "
                                    "record exported for approval"))
            return found
        result = verify(signed, trust=trust, crls=crls)
    except DeepdecideError as exc:
        found.problems.append(_("the signed approval record cannot be read: {reason}").format(reason=exc))
        return found
    found.status, found.signatures = result.status, result.signatures
    if result.status != INTACT:
        found.problems.append(_("the signed approval record is {status}: {reasons}").format(
            status=_(result.status), reasons="; ".join(result.reasons[:3])))
        return found
    inputs_sha = result.inputs_sha256
    if inputs_sha != approval_content_sha256(ws):
        found.problems.append(_("the signed approval record's inputs (SHA-256 {signed}…) are not this record's "
                                "content (SHA-256 {mine}…, status and signed sign-off fields aside)").format(
                                    signed=inputs_sha[:16], mine=approval_content_sha256(ws)[:16]))
        return found
    state = state_of_record(signed, result.signatures)
    found.state = state
    by_role = {s.role: s for s in state.signatures if s.role and s.check.field_name == approval.field_name(s.role)}
    for i, row in enumerate(ws.signoffs):
        if row.verdict == Vote.PENDING and not row.record_inputs_sha256:
            continue
        sig = by_role.get(row.role)
        at = f"signoffs[{i}]"
        if sig is None or sig.kind != APPROVAL:
            found.problems.append(_("{at} ({role}) holds {verdict}, but the signed record has no approval signature "
                                    "of {role}").format(at=at, role=row.role, verdict=word(row.verdict)))
            continue
        if sig.not_named is not None:
            found.not_named.append(_("{at} ({role}): the signature is NOT THE NAMED APPROVER: {why}").format(
                at=at, role=row.role, why=sig.not_named))
            continue
        if not sig.check.ok:
            found.problems.append(_("{at} ({role}): the signature is not valid").format(at=at, role=row.role))
            continue
        differs = [k for k, a, b in (("verdict", row.verdict.value, sig.verdict), ("date", row.date, sig.date),
                                     ("conditions", row.conditions, sig.conditions),
                                     ("certificate", row.certificate, sig.check.signer),
                                     ("fingerprint_sha256", approval.fingerprint(row.fingerprint_sha256),
                                      approval.fingerprint(sig.check.fingerprint_sha256)),
                                     ("record_inputs_sha256", row.record_inputs_sha256, inputs_sha)) if a != b]
        if differs:
            found.problems.append(_("{at} ({role}): {fields} differ from the signature in the signed record").format(
                at=at, role=row.role, fields=", ".join(differs)))
    return found

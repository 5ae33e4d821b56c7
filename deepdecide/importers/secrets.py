"""Credentials never reach a workspace.

Two lines of defence:

* :func:`strip_secrets` removes credential *fields* right after parsing (SGLang's
  ``server_info.api_key``, ``--metadata hf_token=...`` and the like);
* :func:`scan` / :func:`redact` is the one redaction pass over every string a record keeps
  (tags, labels, model paths, file names, tool versions, metadata): API-key flags in both
  ``--flag=value`` and ``--flag value`` forms, ``key=value`` pairs, bearer tokens, Hugging Face
  tokens, AWS access key ids and secret keys, URL credentials (``user:password@``), the token
  kinds the ``detect-secrets`` plugins know (GitHub, GitLab, Slack, Stripe, OpenAI, JWT, PyPI,
  npm, SendGrid, Twilio, Azure storage keys, private keys ...), generic high-entropy keys, and
  home-directory paths (``/home/alice/x`` -> ``~/x``).

Hashes are never touched: a hex string (a SHA-256, a git commit id) has no upper *and* lower
case letters, so the high-entropy rule never matches one, and the provenance's ``sha256`` is
not passed through here at all. Each finding says its kind, never the secret.

Where the rules apply (this module owns them; see docs/evidence-import.md, "Secrets"):

* :func:`scan` — free text: imported fields, labels, notes, sign-off conditions, what a person
  types. The generic high-entropy rule never takes a *path component* for a key: a word that is
  a path (a ``/`` or ``\\`` with file-name characters, a leading ``/`` ``~/`` ``./``, or a file
  extension) is left to the other rules, so ``…/files/vllm/1xH100-FP8__openai-….json`` stays
  as it is;
* :func:`scan_path` — a file name or path: every rule but the entropy heuristic (a token with a
  known prefix, ``results_hf_….json``, still goes);
* :func:`scan_identity` — an approver's name, role or e-mail: likewise no entropy heuristic (a
  name is matched against a certificate and must stay as typed unless it holds a credential);
* :func:`scan_known` — only tokens with a known prefix or shape (``hf_``, ``ghp_``,
  ``github_pat_``, ``sk-``, ``xoxb-``, AWS ``AKIA…``, the detect-secrets kinds): the last pass
  over everything that leaves the program (CSV, XLSX, ``verify``), whatever a workspace holds.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from functools import cache, lru_cache
from typing import Any, TypeVar

from deepdecide.domain import edits
from deepdecide.domain.i18n import N_, _
from deepdecide.domain.messages import Message
from deepdecide.domain.validation import path_text

# key names that hold credentials (matched on the whole key, case-insensitive). Counting keys
# such as ``max_total_tokens`` or ``speculative_num_draft_tokens`` are not credentials: only a
# key *ending* in a credential word with a text value is removed.
_CREDENTIAL_KEY = re.compile(
    r"(?:^|[_\-.])(?:api[_\-]?key|apikey|key|secret|secret[_\-]?key|access[_\-]?key|password|passwd|"
    r"token|access[_\-]?token|auth[_\-]?token|hf[_\-]?token|bearer|authorization|credentials?)$",
    re.IGNORECASE,
)

REDACTED = "[redacted]"

_W = TypeVar("_W")
#: classes of values that hold no text
_PLAIN = frozenset({int, float, bool, type(None), bytes})

_CRED_WORD = (r"(?:api[_\-]?key|apikey|token|secret|secret[_\-]?key|access[_\-]?key|password|passwd|pass|pwd|"
              r"auth|authorization|credentials?)")

# ``--api-key VALUE`` / ``--api-key=VALUE`` / ``--hf-token "VALUE"`` (the flag's last word is a
# credential word: ``--max-tokens 100`` and ``--tokenizer x`` are not matched)
_FLAG = re.compile(r"(--?(?:[A-Za-z0-9]+[_\-])*" + _CRED_WORD + r")(=|[ \t]+)(['\"]?)(?!--)([^\s'\",;]+)",
                   re.IGNORECASE)
# ``api_key=VALUE``, ``hf_token: VALUE``, ``"password": "VALUE"`` inside a text
_KV = re.compile(r"(?<![A-Za-z0-9\-])((?:[A-Za-z0-9]+[_\-])*" + _CRED_WORD + r"['\"]?\s*[=:]\s*['\"]?)([^,\s'\"}]+)",
                 re.IGNORECASE)
_BEARER = re.compile(r"(?i:\b(?:bearer|basic|token))\s+([A-Za-z0-9._~+/\-]{8,}=*)")
_HF = re.compile(r"(?<![A-Za-z0-9])hf_[A-Za-z0-9]{30,}")
_URL_CREDENTIALS = re.compile(r"(?<=://)([^/\s:@]+):([^/\s@]+)@")
# home directories: /home/alice, /Users/bob, C:\Users\carol, /root
_HOME = re.compile(r"(?:(?<![A-Za-z0-9_.~])/(?:home|Users)/[^/\\\s'\"]+|(?<![A-Za-z0-9])[A-Za-z]:\\Users\\[^\\/\s'\"]+|"
                   r"(?<![A-Za-z0-9_.~])/root)(?=[/\\]|$|[\s'\"])")
# candidate keys of the generic rule: long runs of base64 characters
_LONG_TOKEN = re.compile(r"(?<![A-Za-z0-9+/=])[A-Za-z0-9+/]{32,}={0,2}(?![A-Za-z0-9+/=])")
_HEX = re.compile(r"[0-9a-fA-F]+")

# the detect-secrets plugins whose patterns are used (each a RegexBasedDetector with a
# ``denylist``); IP addresses, keyword and entropy plugins are for source code and not used
_PLUGINS = (
    ("aws", "AWSKeyDetector", "AWS key"),
    ("azure_storage_key", "AzureStorageKeyDetector", "Azure storage key"),
    ("discord", "DiscordBotTokenDetector", "Discord token"),
    ("github_token", "GitHubTokenDetector", "GitHub token"),
    ("gitlab_token", "GitLabTokenDetector", "GitLab token"),
    ("jwt", "JwtTokenDetector", "JSON web token"),
    ("mailchimp", "MailchimpDetector", "Mailchimp key"),
    ("npm", "NpmDetector", "npm token"),
    ("openai", "OpenAIDetector", "OpenAI key"),
    ("private_key", "PrivateKeyDetector", "private key"),
    ("pypi_token", "PypiTokenDetector", "PyPI token"),
    ("sendgrid", "SendGridDetector", "SendGrid key"),
    ("slack", "SlackDetector", "Slack token"),
    ("square_oauth", "SquareOAuthDetector", "Square secret"),
    ("stripe", "StripeDetector", "Stripe key"),
    ("twilio", "TwilioKeyDetector", "Twilio key"),
)
# kinds detect-secrets does not cover in the forms that reach records (inside a file name too:
# ``results_sk-….json``, so no word boundary before the prefix, only no letter or digit)
_OWN_TOKENS = (
    (re.compile(r"(?<![A-Za-z0-9])sk-(?:ant-|proj-)?[A-Za-z0-9_\-]{20,}"), "API key"),
    (re.compile(r"(?<![A-Za-z0-9])xox[abposr]-[A-Za-z0-9\-]{10,}"), "Slack token"),
    (re.compile(r"(?<![A-Za-z0-9])github_pat_[A-Za-z0-9_]{22,}"), "GitHub token"),
    (re.compile(r"(?<![A-Za-z0-9])AIza[0-9A-Za-z_\-]{35}"), "Google API key"),
)
# a word that is a path or file name: the entropy rule never judges its parts
_WORD_END = re.compile(r"[\s'\"`<>()\[\]{},;|]")
_FILE_EXTENSION = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,7}$")


@dataclass(frozen=True)
class Finding:
    """What a redaction removed: its kind and where (never the secret itself)."""

    kind: str
    place: str | Message = ""  # a message (``place.`` ids of domain/flags.py) or a field's name

    def __str__(self) -> str:
        """The kind and the place in the interface language."""
        flag_name = self.kind.removeprefix("credential flag ")
        kind = (_("credential flag {flag}").format(flag=flag_name) if flag_name != self.kind
                else _(self.kind) if self.kind in KIND_NAMES else self.kind)
        if not self.place:
            return kind
        place = str(self.place) if isinstance(self.place, Message) else _(self.place) if self.place in PLACE_NAMES \
            else self.place
        return _("{kind} in {place}").format(kind=kind, place=place)


#: the kinds of secret a finding names (catalog keys; "credential flag --x" is a message of its own)
KIND_NAMES = frozenset((
    N_("credential value"), N_("bearer token"), N_("URL credentials"), N_("home directory"),
    N_("high-entropy key"), N_("Hugging Face token"), N_("API key"), N_("AWS key"), N_("Azure storage key"),
    N_("Discord token"), N_("GitHub token"), N_("GitLab token"), N_("JSON web token"), N_("Mailchimp key"),
    N_("npm token"), N_("OpenAI key"), N_("private key"), N_("PyPI token"), N_("SendGrid key"), N_("Slack token"),
    N_("Square secret"), N_("Stripe key"), N_("Twilio key"), N_("Google API key")))
#: places named by a plain word
PLACE_NAMES = frozenset((N_("a note"), N_("model"), N_("the conditions"), N_("the label"), N_("the model"),
                         N_("the proxy reason")))


@cache
def _detectors() -> tuple[tuple[re.Pattern[str], str], ...]:
    """The denylist patterns of the detect-secrets plugins in ``_PLUGINS`` (imported on first use:
    the package takes ~70 ms to import). Static imports, so that a frozen build finds them."""
    from detect_secrets.plugins import (
        aws,
        azure_storage_key,
        discord,
        github_token,
        gitlab_token,
        jwt,
        mailchimp,
        npm,
        openai,
        private_key,
        pypi_token,
        sendgrid,
        slack,
        square_oauth,
        stripe,
        twilio,
    )

    modules = {m.__name__.rsplit(".", 1)[1]: m for m in (
        aws, azure_storage_key, discord, github_token, gitlab_token, jwt, mailchimp, npm, openai, private_key,
        pypi_token, sendgrid, slack, square_oauth, stripe, twilio)}
    out: list[tuple[re.Pattern[str], str]] = []
    for module, name, kind in _PLUGINS:
        cls = getattr(modules[module], name)
        for pattern in cls.denylist:
            out.append((pattern, kind))
    return tuple(out)


def is_credential_key(key: str) -> bool:
    return bool(_CREDENTIAL_KEY.search(key))


def strip_secrets(value: Any) -> Any:
    """Remove credential fields from parsed JSON in place (and return it).

    Numeric arrays (per-request latencies) are not walked: they cannot hold a key, and a
    ``--save-detailed`` file has millions of numbers.
    """
    if isinstance(value, dict):
        # credentials are text: a measurement named like one (``time_to_first_token``) is an
        # object or a number and stays
        for key in [k for k, v in value.items() if isinstance(v, str) and is_credential_key(k)]:
            del value[key]
        for v in value.values():
            if isinstance(v, (dict, list)):
                strip_secrets(v)
    elif isinstance(value, list) and value and isinstance(value[0], dict):
        for v in value:
            if isinstance(v, (dict, list)):
                strip_secrets(v)
    return value


def _entropy(text: str) -> float:
    counts = Counter(text)
    n = len(text)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def _high_entropy(token: str) -> bool:
    body = token.rstrip("=")
    if _HEX.fullmatch(body):  # a hash or commit id, never a key
        return False
    classes = sum((any(c.isupper() for c in body), any(c.islower() for c in body), any(c.isdigit() for c in body)))
    return classes == 3 and _entropy(body) >= 4.0


def _harmless(value: str) -> bool:
    """A flag or key value that cannot be a credential: a number, a boolean, empty, redacted."""
    low = value.lower()
    return (not value or value == REDACTED or low in ("true", "false", "none", "null", "yes", "no", "bearer", "basic")
            or re.fullmatch(r"[0-9.]+", value) is not None)


def _path_word(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] lies in a word that is a path or a file name: a backslash; a
    leading ``/``, ``~/``, ``./`` or ``../``; a ``/`` together with characters base64 never has
    (``-`` ``_`` ``.`` ``~``); or a file extension at its end."""
    left = start
    while left > 0 and not _WORD_END.match(text[left - 1]):
        left -= 1
    right = end
    while right < len(text) and not _WORD_END.match(text[right]):
        right += 1
    word = text[left:right].rstrip(".,:;!?")
    if "\\" in word or word.startswith(("/", "~/", "./", "../")):
        return True
    if "/" in word and any(c in word for c in "-_.~"):
        return True
    return _FILE_EXTENSION.search(word) is not None


def _known_tokens(text: str, note: Any) -> str:
    """Replace the tokens with a known prefix or shape (Hugging Face, the own kinds, detect-secrets')."""
    if _HF.search(text):
        note("Hugging Face token")
        text = _HF.sub(REDACTED, text)
    for pattern, kind in (*_OWN_TOKENS, *_detectors()):
        if pattern.search(text):
            note(kind)
            text = _sub_whole_token(pattern, text)
    return text


def scan_path(text: str) -> tuple[str, list[str]]:
    """:func:`scan` for a file name or path: no entropy heuristic (a path component is never taken
    for a key), every other rule (``results_hf_….json`` loses its token)."""
    return scan(text, entropy=False)


def scan_identity(text: str) -> tuple[str, list[str]]:
    """:func:`scan` for an identity field (an approver's name, role or e-mail): no entropy
    heuristic, every other rule."""
    return scan(text, entropy=False)


@lru_cache(maxsize=1 << 14)  # an export repeats its texts (file names, kinds, tools) row after row
def scan_known(text: str) -> tuple[str, tuple[str, ...]]:
    """Only the tokens with a known prefix or shape removed (no key=value, entropy or path rule):
    the last pass over text that leaves the program (CSV, XLSX, verify), safe on any text."""
    if not text or not isinstance(text, str):
        return text, ()
    kinds: list[str] = []

    def note(kind: str) -> None:
        if kind not in kinds:
            kinds.append(kind)

    return _known_tokens(text, note), tuple(kinds)


def scan(text: str, *, entropy: bool = True) -> tuple[str, list[str]]:
    """The text with every secret replaced, and the kinds found (in order, without repeats).
    ``entropy=False``: without the generic high-entropy rule (file names, paths, identities)."""
    if not text or not isinstance(text, str):
        return text, []
    kinds: list[str] = []

    def note(kind: str) -> None:
        if kind not in kinds:
            kinds.append(kind)

    def flag(m: re.Match[str]) -> str:
        if _harmless(m.group(4)):
            return m.group(0)
        note("credential flag " + m.group(1).split("=")[0])
        return m.group(1) + m.group(2) + m.group(3) + REDACTED

    def kv(m: re.Match[str]) -> str:
        if _harmless(m.group(2)):
            return m.group(0)
        note("credential value")
        return m.group(1) + REDACTED

    def bearer(m: re.Match[str]) -> str:
        if _harmless(m.group(1)):
            return m.group(0)
        note("bearer token")
        return m.group(0)[: m.start(1) - m.start(0)] + REDACTED

    def url(m: re.Match[str]) -> str:
        note("URL credentials")
        return REDACTED + "@"

    def home(m: re.Match[str]) -> str:
        note("home directory")
        return "~"

    def generic(m: re.Match[str]) -> str:
        if not _high_entropy(m.group(0)) or _path_word(m.string, m.start(), m.end()):
            return m.group(0)
        note("high-entropy key")
        return REDACTED

    text = _URL_CREDENTIALS.sub(url, text)
    text = _FLAG.sub(flag, text)
    text = _BEARER.sub(bearer, text)
    text = _KV.sub(kv, text)
    text = _known_tokens(text, note)
    if entropy:
        text = _LONG_TOKEN.sub(generic, text)
    text = _HOME.sub(home, text)
    return text, kinds


_TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_-.")


def _sub_whole_token(pattern: re.Pattern[str], text: str) -> str:
    """Replace each match and the rest of the token it starts (some patterns match lazily)."""
    out: list[str] = []
    pos = 0
    for m in pattern.finditer(text):
        if m.start() < pos:
            continue
        end = m.end()
        # a dotted token (a JWT) runs on over dots; any other stops at one (``….json`` stays)
        dotted = "." in m.group(0)
        while end < len(text) and text[end] in _TOKEN_CHARS and (dotted or text[end] != "."):
            end += 1
        out.append(text[pos:m.start()])
        out.append(REDACTED)
        pos = end
    out.append(text[pos:])
    return "".join(out)


def redact(text: str) -> str:
    """Replace secrets and home directories in a text a record keeps."""
    return scan(text)[0]


def redact_path(text: str) -> str:
    """:func:`redact` for a file name or path (no entropy heuristic)."""
    return scan_path(text)[0]


def told(findings: Iterable[Finding]) -> str:
    """What a redaction removed, as one line for a status bar or a message ("" for nothing)."""
    return "; ".join(_("redacted: {finding}").format(finding=f) for f in findings)


def redact_all(items: Iterable[tuple[str, str]]) -> tuple[dict[str, str], list[Finding]]:
    """Scan (place, text) pairs; return the changed texts by place and the findings."""
    changed: dict[str, str] = {}
    findings: list[Finding] = []
    for place, text in items:
        clean, kinds = scan(text)
        if clean != text:
            changed[place] = clean
            findings.extend(Finding(k, place) for k in kinds)
    return changed, findings


# ---------------------------------------------------------------------------------------------
# what people type into a workspace


#: decision fields a person types as text, and those that name people or roles (identities)
DECISION_TEXT = frozenset(("title", "context", "rationale", "confirmation", "drivers", "consequences_good",
                           "consequences_bad", "revisit_triggers"))
DECISION_PEOPLE = frozenset(("decision_makers", "consulted", "informed"))


def redact_edit(edit: Any) -> tuple[Any, list[Finding]]:
    """An edit of a workspace (``domain.edits``) with the text a person typed into it through the
    redaction pass of imported text: the decision's text fields, sign-off conditions, notes,
    reasons and labels with every rule; approver names, roles, e-mails, common names and certificate
    fingerprints, the decision makers, consulted and informed, and a step's owner as identities
    (:func:`scan_identity`: no entropy heuristic).
    Ids, dates, numbers and imported evidence are left as they are. Returns the edit (the same
    object when nothing was removed) and what was removed, placed by key path."""
    findings: list[Finding] = []

    def clean(value: str, place: str, identity: bool = False) -> str:
        out, kinds = (scan_identity if identity else scan)(value)
        findings.extend(Finding(k, place) for k in kinds)
        return out

    def texts(value: Any, place: str, identity: bool = False) -> Any:
        if isinstance(value, str):
            return clean(value, place, identity)
        if isinstance(value, tuple) and all(isinstance(v, str) for v in value):
            return tuple(clean(v, f"{place}[{i}]", identity) for i, v in enumerate(value))
        return value

    def replaced(obj: Any, place: str, fields: dict[str, bool]) -> Any:
        """``obj`` with its string fields cleaned (``fields``: name -> is an identity)."""
        changes = {}
        for name, identity in fields.items():
            old = getattr(obj, name)
            new = texts(old, f"{place}.{name}", identity)
            if new != old:
                changes[name] = new
        return dataclasses.replace(obj, **changes) if changes else obj

    out: Any = edit
    if isinstance(edit, edits.SetDecisionField) and edit.field in DECISION_TEXT | DECISION_PEOPLE:
        value = texts(edit.value, f"decision.{edit.field}", edit.field in DECISION_PEOPLE)
        out = edit if value == edit.value else dataclasses.replace(edit, value=value)
    elif isinstance(edit, edits.SetSignOffs):
        rows = tuple(replaced(s, f"signoffs[{i}]", {"name": True, "role": True, "email": True, "common_name": True,
                                                     "issuer_ca_sha256": True, "pinned_certificate_sha256": True,
                                                     "conditions": False})
                     for i, s in enumerate(edit.signoffs))
        out = edit if rows == edit.signoffs else dataclasses.replace(edit, signoffs=rows)
    elif isinstance(edit, edits.SetMigrationStep):
        step = replaced(edit.step, f"migration_plan[{edit.index}]", {"title": False, "owner": True, "notes": False})
        out = edit if step == edit.step else dataclasses.replace(edit, step=step)
    elif isinstance(edit, edits.SetChecklistAnswer) and edit.answer is not None:
        answer = replaced(edit.answer, f"answers[{edit.option}/{edit.item}]", {"notes": False})
        out = edit if answer == edit.answer else dataclasses.replace(edit, answer=answer)
    elif isinstance(edit, edits.SetOptionCost):
        cost = replaced(edit.cost, f"options[{edit.option}].cost", {"assumption_note": False,
                                                                     "assumption_override": False})
        out = edit if cost == edit.cost else dataclasses.replace(edit, cost=cost)
    elif isinstance(edit, edits.SetFleetEntry) and edit.entry is not None:
        place = f"fleet[{edit.platform}]"
        entry = replaced(edit.entry, place, {"note": False})
        entry = dataclasses.replace(entry, quotes=tuple(
            replaced(q, f"{place}.quotes[{i}]", {"source": False, "note": False}) for i, q in enumerate(entry.quotes)))
        out = edit if entry == edit.entry else dataclasses.replace(edit, entry=entry)
    elif isinstance(edit, edits.SetHostedApi):
        place = f"options[{edit.option}].hosted"
        hosted = replaced(edit.hosted, place, {"note": False, "stated_latency_source": False})
        hosted = dataclasses.replace(hosted, quotes=tuple(
            replaced(q, f"{place}.quotes[{i}]", {"source": False, "note": False}) for i, q in enumerate(hosted.quotes)))
        out = edit if hosted == edit.hosted else dataclasses.replace(edit, hosted=hosted)
    elif isinstance(edit, edits.SetAssumptions) and edit.assumptions.quotes:
        quotes = tuple(replaced(q, f"assumptions.quotes[{i}]", {"source": False, "note": False})
                       for i, q in enumerate(edit.assumptions.quotes))
        out = edit if quotes == edit.assumptions.quotes else dataclasses.replace(
            edit, assumptions=dataclasses.replace(edit.assumptions, quotes=quotes))
    elif isinstance(edit, edits.SetWorkload):
        workload = replaced(edit.workload, "workload", {"notes": False})
        out = edit if workload == edit.workload else dataclasses.replace(edit, workload=workload)
    elif isinstance(edit, edits.SetEvidenceFile):
        f = edit.file
        place = f"evidence.files[{edit.index}]"
        new = dataclasses.replace(
            f, provenance=replaced(f.provenance, f"{place}.provenance", {"label": False}),
            proxy=replaced(f.proxy, f"{place}.proxy", {"reason": False}) if f.proxy is not None else None,
            run_proxies=tuple(replaced(p, f"{place}.run_proxies[{i}]", {"reason": False})
                              for i, p in enumerate(f.run_proxies)),
            check_proxies=tuple(replaced(p, f"{place}.check_proxies[{i}]", {"reason": False})
                                for i, p in enumerate(f.check_proxies)))
        out = edit if new == f else dataclasses.replace(edit, file=new)
    elif isinstance(edit, edits.Batch):
        parts = []
        for part in edit.edits:
            clean_part, found = redact_edit(part)
            parts.append(clean_part)
            findings.extend(found)
        out = edit if not findings else dataclasses.replace(edit, edits=tuple(parts))
    return out, findings


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


# The last workspace redacted and what came of it: a record's command asks what will be left out,
# then writes the record, which redacts the same (immutable) workspace again.
_LAST: list[Any] = []


def redact_workspace(ws: _W) -> tuple[_W, list[Finding]]:
    """The workspace with every known-prefix token (:func:`scan_known`) and every home directory
    (``/home/NAME``, ``/Users/NAME``, ``C:\\Users\\NAME``, ``/root``: ``~``) removed from every text it
    holds, and what was removed, placed by key path (``signoffs[0].conditions``). For what leaves
    the program built from a workspace that may hold one (edited by hand, written by an older
    build): a record, a new revision. Enums, numbers and hashes are left as they are; no entropy
    rule applies (paths and identities keep their words).

    Key paths are written out only for a finding; a message shared by many runs (``flags.from_data``)
    found clean is not walked again; the last workspace's answer is kept (by identity)."""
    if _LAST and _LAST[0] is ws:
        return _LAST[1], list(_LAST[2])
    findings: list[Finding] = []
    clean: set[int] = set()

    def walk(value: Any, place: Any) -> Any:
        cls = value.__class__
        if cls is str or (cls not in _PLAIN and not isinstance(value, Enum) and isinstance(value, str)):
            out, kinds = scan_known(value)
            homeless = _HOME.sub("~", out) if ("/" in out or "\\" in out) else out
            if homeless != out:
                kinds = (*kinds, "home directory")
            if not kinds:
                return value
            findings.extend(Finding(k, path_text(place)) for k in kinds)
            return homeless
        if cls in _PLAIN or isinstance(value, Enum):
            return value
        if isinstance(value, tuple):
            items = tuple(walk(v, (place, i)) for i, v in enumerate(value))
            return value if all(a is b for a, b in zip(items, value, strict=True)) else items
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            shared = cls is Message
            if shared and id(value) in clean:
                return value
            changes = {}
            for name in _field_names(cls):
                old = getattr(value, name)
                new = walk(old, (place, name))
                if new is not old:
                    changes[name] = new
            if not changes:
                if shared:
                    clean.add(id(value))
                return value
            return dataclasses.replace(value, **changes)
        return value

    out = walk(ws, "")
    _LAST[:] = [ws, out, list(findings)]
    return out, findings

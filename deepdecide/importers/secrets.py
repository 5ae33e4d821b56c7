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
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from deepdecide.domain.i18n import N_, _
from deepdecide.domain.messages import Message

# key names that hold credentials (matched on the whole key, case-insensitive). Counting keys
# such as ``max_total_tokens`` or ``speculative_num_draft_tokens`` are not credentials: only a
# key *ending* in a credential word with a text value is removed.
_CREDENTIAL_KEY = re.compile(
    r"(?:^|[_\-.])(?:api[_\-]?key|apikey|key|secret|secret[_\-]?key|access[_\-]?key|password|passwd|"
    r"token|access[_\-]?token|auth[_\-]?token|hf[_\-]?token|bearer|authorization|credentials?)$",
    re.IGNORECASE,
)

REDACTED = "[redacted]"

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
# kinds detect-secrets does not cover in the forms that reach records
_OWN_TOKENS = (
    (re.compile(r"\bsk-(?:ant-|proj-)?[A-Za-z0-9_\-]{20,}"), "API key"),
    (re.compile(r"\bxox[abposr]-[A-Za-z0-9\-]{10,}"), "Slack token"),
)


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
    N_("Square secret"), N_("Stripe key"), N_("Twilio key")))
#: places named by a plain word
PLACE_NAMES = frozenset((N_("a note"), N_("model")))


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


def scan(text: str) -> tuple[str, list[str]]:
    """The text with every secret replaced, and the kinds found (in order, without repeats)."""
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
        if not _high_entropy(m.group(0)):
            return m.group(0)
        note("high-entropy key")
        return REDACTED

    text = _URL_CREDENTIALS.sub(url, text)
    text = _FLAG.sub(flag, text)
    text = _BEARER.sub(bearer, text)
    text = _KV.sub(kv, text)
    if _HF.search(text):
        note("Hugging Face token")
        text = _HF.sub(REDACTED, text)
    for pattern, kind in (*_OWN_TOKENS, *_detectors()):
        if pattern.search(text):
            note(kind)
            text = _sub_whole_token(pattern, text)
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
        while end < len(text) and text[end] in _TOKEN_CHARS:
            end += 1
        out.append(text[pos:m.start()])
        out.append(REDACTED)
        pos = end
    out.append(text[pos:])
    return "".join(out)


def redact(text: str) -> str:
    """Replace secrets and home directories in a text a record keeps."""
    return scan(text)[0]


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

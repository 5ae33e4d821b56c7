"""Credentials never reach a workspace: SGLang's ``server_info.api_key``, HF tokens in
``model_args``, ``--metadata hf_token=...`` and the like are removed right after parsing, and
every text a record keeps is scrubbed of token-shaped strings as a second line of defence.
"""

from __future__ import annotations

import re
from typing import Any

# key names that hold credentials (matched on the whole key, case-insensitive). Counting keys
# such as ``max_total_tokens`` or ``speculative_num_draft_tokens`` are not credentials: only a
# key *ending* in a credential word with a text value is removed.
_CREDENTIAL_KEY = re.compile(
    r"(?:^|[_\-.])(?:api[_\-]?key|apikey|key|secret|secret[_\-]?key|access[_\-]?key|password|passwd|"
    r"token|access[_\-]?token|auth[_\-]?token|hf[_\-]?token|bearer|authorization|credentials?)$",
    re.IGNORECASE,
)

REDACTED = "[redacted]"

# token-shaped values: OpenAI / Anthropic style keys, HF tokens, GitHub tokens, bearer headers,
# and ``key=value`` pairs inside argument strings (lm-eval model_args, CLI commands)
_TOKEN_VALUE = re.compile(
    r"\b(?:sk-[A-Za-z0-9_\-]{8,}|hf_[A-Za-z0-9]{10,}|gh[pousr]_[A-Za-z0-9]{20,}|xox[abp]-[A-Za-z0-9\-]{10,})"
    r"|(?i:bearer)\s+[A-Za-z0-9._\-]{8,}"
)
_KV_SECRET = re.compile(
    r"((?:api[_\-]?key|token|hf[_\-]?token|access[_\-]?token|secret|password|authorization)\s*[=:]\s*['\"]?)"
    r"([^,\s'\"]+)",
    re.IGNORECASE,
)


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


def redact(text: str) -> str:
    """Replace token-shaped substrings in a text a record keeps."""
    if not text:
        return text
    text = _KV_SECRET.sub(lambda m: m.group(1) + REDACTED, text)
    return _TOKEN_VALUE.sub(REDACTED, text)

"""Every data-quality note and import note (``domain.flags``) in Spanish: no English word of ours, and a
file's own keys (``tensor_parallel_size``, ``max_concurrency``) quoted as the file writes them
(«tensor_parallel_size»), as every note does; a note's figures in the language's decimals."""

from __future__ import annotations

import re
import string
import sys
from pathlib import Path

import pytest

from deepdecide.domain import flags, i18n
from deepdecide.domain.messages import _RUN_FIELD_PARAMS

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cli"))
from test_spanish_sweep import ENGLISH, _english_numbers, _strip_allowed

#: a tool's version ("inference-perf anterior a 0.5"): a version, not a decimal
VERSION = re.compile(r"\b(?:anterior a|antes de|desde|de)\s+v?\d+(?:\.\d+)+")
#: a parameter that holds a file's own key (or keys): given a key, it must be quoted in the note
_KEY_PARAMS = re.compile(r"^(key|keys|total_key|per_key|column|columns|field_key)$")
#: a snake_case key left unquoted ("tensor_parallel_size"), outside «guillemets» and --options
_BARE_KEY = re.compile(r"(?<![\w\-«./=])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w»])")


def _params(fid: str, template: str) -> dict[str, object]:
    """A value for each field of ``template``: a run's field where the note names one (written in words), a
    figure where the field has a number spec, a file's key where the field names keys, else a neutral token."""
    out: dict[str, object] = {}
    for _text, name, spec, _conv in string.Formatter().parse(template):
        if not name:
            continue
        if _RUN_FIELD_PARAMS.get(fid) == name:
            out[name] = "duration_s"
        elif spec and spec[-1:] in "gfed%" or spec.startswith("+"):
            out[name] = 1234.5 if spec[-1:] != "d" else 12
        elif _KEY_PARAMS.match(name):
            out[name] = "tensor_parallel_size x pipeline_parallel_size" if name.endswith("s") else "max_concurrency"
        else:
            out[name] = 8 if name in ("n", "workers", "replicas", "nodes", "count") else "Xq"
    return out


def _note(fid: str) -> str:
    template = flags.TEMPLATES[fid]
    with i18n.using("es"):
        return str(flags.flag(fid, **_params(fid, template)))  # type: ignore[arg-type]


def _bare_keys(text: str) -> list[str]:
    text = re.sub(r"«[^»]*»", " ", text)
    text = re.sub(r"--[\w-]+(?:[= ][\w.=-]+)?", " ", text)  # a command line's option and its value, as typed
    return _BARE_KEY.findall(text)


def test_an_unquoted_key_and_an_english_word_are_caught():
    assert _bare_keys("número de GPU 8 a partir del barrido de tensor_parallel_size x pipeline_parallel_size")
    assert not _bare_keys("número de GPU 8 a partir del barrido de «tensor_parallel_size» x «pipeline_parallel_size»")
    assert ENGLISH.search(_strip_allowed("GPU count 8 from the swept keys"))


@pytest.mark.parametrize("fid", sorted(flags.TEMPLATES))
def test_every_note_reads_in_spanish_and_quotes_the_files_keys(fid):
    text = _note(fid)
    english = ENGLISH.search(_strip_allowed(text))
    assert english is None, f"{english.group(0)!r} in {text!r}" if english else ""
    assert not _bare_keys(text), (_bare_keys(text), text)
    assert not _english_numbers(VERSION.sub(" ", text)), text


def test_the_swept_keys_are_quoted_one_by_one_in_spanish_and_as_written_in_english():
    note = flags.flag("vllm.swept_gpus", gpus=16, keys="tensor_parallel_size x pipeline_parallel_size")
    with i18n.using("es"):
        assert "«tensor_parallel_size» x «pipeline_parallel_size»" in str(note)
    with i18n.using(i18n.DEFAULT):
        assert str(note) == "GPU count 16 from the swept tensor_parallel_size x pipeline_parallel_size"

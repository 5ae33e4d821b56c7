"""The C (libyaml) fast path of the workspace load: same data, same lines, same located errors as the
checking Python loader, for hostile texts and for every case of the bad-workspace corpus."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import yaml
from loader_parity import assert_same

from deepdecide.domain.errors import ValidationError
from deepdecide.storage import files, yamlio

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "corpus"))
from make_workspace_cases import cases

needs_c = pytest.mark.skipif(yamlio._CLoader is None, reason="this PyYAML has no libyaml (C) loader")

HOSTILE = {
    "alias": "a: &x [1, 2]\nb: *x\n",
    "anchor-only": "a: &x 1\nb: 2\n",
    "anchor-in-flow": "a: [&x 1]\n",
    "ampersand-in-text": "a: R&D and 3*4\nb: 'x &y'\n",
    "python-tag": "a: !!python/object:os.system x\n",
    "local-tag": "a: !thing 1\n",
    "str-tag": "a: !!str 1\n",
    "duplicate-key": "a: 1\nb: 2\na: 3\n",
    "duplicate-nested": "a:\n  b: 1\n  b: 2\n",
    "flow-65": "a: " + "[" * 65 + "]" * 65 + "\n",
    "flow-64": "a: " + "[" * 63 + "]" * 63 + "\n",
    "flow-2000": "[" * 2000 + "]" * 2000,
    "block-70": "".join(" " * i + "k:\n" for i in range(70)) + " " * 70 + "v\n",
    "int-25-digits": "a: 1234567890123456789012345\n",
    "int-too-large": "a: 18014398509481984\n",
    "hex-int": "a: 0x1F\nb: 0o17\nc: 1_000\n",
    "floats": "a: .inf\nb: -.inf\nc: .nan\nd: 1e3\ne: 1.5\n",
    "bools-null": "a: yes\nb: off\nc: ~\nd: null\ne: true\n",
    "timestamp": "a: 2026-11-29\nb: 2026-11-29T10:00:00Z\n",
    "surrogate-escape": 'a: "\\ud800"\n',
    "non-printable": "a: \x07\n",
    "tab-indent": "a:\n\tb: 1\n",
    "unclosed-flow": "a: [1, 2\n",
    "bad-indent": "a:\n  b: 1\n c: 2\n",
    "two-documents": "a: 1\n---\nb: 2\n",
    "empty": "",
    "comment-only": "# nothing\n",
    "bom": "\ufeffa: 1\n",
    "non-string-key": "1: a\n[1, 2]: b\n",
    "complex-key": "? [1, 2]\n: b\n",
    "multiline": "a: |\n  one\n  two\nb: >\n  folded\n  text\n",
    "unicode": "name: Décision — 決定 🚀\n",
    "map-tag-on-scalar": "a: !!map x\n",
    "seq-tag-on-scalar": "a: !!seq x\n",
    "int-tag-on-text": "a: !!int abc\n",
    "float-tag": "a: !!float 1\nb: !!bool yes\nc: !!null ''\n",
    "int-key": "1: a\ntrue: b\n~: c\n",
    "long-ascii": "a: " + "y" * 5000 + "\n",
    "long-text": "a: " + "x" * 4_000_001 + "\n",
}


@needs_c
@pytest.mark.parametrize("name", HOSTILE)
def test_both_loaders_agree_on_hostile_text(name):
    assert_same(HOSTILE[name], f"{name}.yaml")


@needs_c
@pytest.mark.parametrize("name", ["alias", "python-tag", "duplicate-key", "flow-65", "flow-2000", "int-25-digits",
                                  "surrogate-escape", "non-printable", "unclosed-flow"])
def test_refused_text_gives_the_python_loaders_located_error(name):
    text = HOSTILE[name]
    with pytest.raises(ValidationError) as checked:
        yamlio._parse_checked(text, "f.yaml")
    with pytest.raises(ValidationError) as got:
        yamlio.parse_yaml(text, "f.yaml")
    assert str(got.value) == str(checked.value)
    assert (got.value.file, got.value.line, got.value.path) == (checked.value.file, checked.value.line,
                                                                 checked.value.path)


@needs_c
@pytest.mark.parametrize("case", [c for c in cases() if not c.size], ids=lambda c: c.name)
def test_both_loaders_agree_on_the_bad_workspace_corpus(case):
    try:
        text = case.content.decode("utf-8")
    except UnicodeDecodeError:
        pytest.skip("not UTF-8: refused before parsing")
    assert_same(text, case.name)


@needs_c
def test_the_built_in_data_takes_the_fast_path():
    for name in ("support_matrix.yaml", "service_checklist.yaml", "criteria.yaml",
                 "samples/deepseek-v4.1-flash.deepdecide.yaml"):
        text = (files.data_root() / name).read_text("utf-8")
        assert assert_same(text, name) == "fast", name


def test_without_libyaml_the_python_loader_reads_everything(monkeypatch):
    monkeypatch.setattr(yamlio, "_CLoader", None)
    text = (files.data_root() / "criteria.yaml").read_text("utf-8")
    assert yamlio._parse_fast(text, "x") is None
    assert yamlio.parse_yaml(text, "x").data["kind"] == "criteria"


@needs_c
def test_saving_with_the_c_emitter_writes_what_the_python_emitter_writes():
    ws = files.load_builtin_workspace()
    data = files.workspace_to_data(ws)
    python = yaml.dump(data, Dumper=yamlio._Dumper, sort_keys=False, allow_unicode=True, width=100,
                       default_flow_style=False)
    assert yamlio.dump_yaml(data) == python


@needs_c
def test_the_fast_path_works_out_lines_only_when_asked():
    """A valid file needs no key path lines: the C reader builds the data from the parser's events and
    the lines come only when an error or warning is located, the same as the Python loader's."""
    text = (files.data_root() / "samples/deepseek-v4.1-flash.deepdecide.yaml").read_text("utf-8")
    fast = yamlio._parse_fast(text, "sample.yaml")
    assert fast is not None and fast._lines is None
    checked = yamlio._parse_checked(text, "sample.yaml")
    assert fast.data == checked.data
    assert fast.lines == checked.lines
    assert fast.line_of("options[1].runtime") == checked.line_of("options[1].runtime")


@needs_c
def test_a_valid_yaml_workspace_that_breaks_a_rule_is_located_from_the_fast_path(tmp_path):
    text = (files.data_root() / "samples/deepseek-v4.1-flash.deepdecide.yaml").read_text("utf-8")
    ws = files.load_workspace_text(text)
    bad = text.replace(f"runtime: {ws.options[1].runtime}\n", "runtime: no-such-runtime\n", 1)
    assert bad != text
    path = tmp_path / "bad.deepdecide.yaml"
    path.write_text(bad, "utf-8")
    with pytest.raises(ValidationError) as err:
        files.load_workspace(path)
    assert err.value.path == "options[1].runtime"
    assert err.value.line == bad[: bad.index("runtime: no-such-runtime")].count("\n") + 1


@needs_c
@pytest.mark.parametrize("text", ["a: 1\n---\nb: 2\n", "a: [1, {b: 2}]\nc: {d: [], e: {}}\n", "- a\n- - b\n  - c\n",
                                  "a: &x 1\n", "? a\n: 1\n", "a:\n  b: 1\n  b: 1\n", "1: a\n1.0: b\n", "true: a\n1: b\n",
                                  "a: ''\nb:\nc: \"\"\nd: 'yes'\ne: yes\n"])
def test_event_reader_matches_or_leaves_to_the_python_loader(text):
    assert_same(text, "x.yaml")


def test_indicator_screen_matches_the_look_behind_pattern():
    import re

    pattern = re.compile(r"(?<![^\s\[\]{},])[&*!?]")
    for text in ["&a", "a&b", "a &b", "x\n*y", "[!t]", "{a:?}", "a,&b", "R&D", "x\u00a0&y", "x\u2003*y", "",
                 "a: b", "a?b", "url: http://x/?a=1&b=2"]:
        assert yamlio._maybe_anchor(text) == bool(pattern.search(text)), text


#: plain scalars of every kind the resolver tells apart, and their near misses: the event reader reads
#: decimal numbers without the resolver and the constructors, everything else through them
PLAIN_SCALARS = [
    "1", "-1", "+1", "0", "-0", "007", "08", "0x1f", "0o7", "0b101", "-0b1", "1_000", "1__0", "1:30", "190:20:30",
    "123456789012345", "-123456789012345", "1234567890123456", "9007199254740992", "9007199254740993",
    "99999999999999999999", "999999999999999999999",
    "1.5", "-1.5", "+1.5", "1.", "0.", "-.5", ".5", "00.5", "09.5", "1e3", "1.0e3", "1.0e+3", "1.0E-3", "1.e+5",
    "1.5e+400", "-1.5e+400", "-0.0", "0.1", "3.14159265358979323846264338327950288", "12_3.4_5", "1.5_", "1:30.5",
    "1.2.3", "1e", ".inf", "-.inf", "+.inf", ".Inf", ".nan", ".NaN", "yes", "No", "on", "OFF", "y", "n", "true",
    "True", "TRUE", "tRue", "false", "null", "Null", "NULL", "~", "2026-11-29", "2026-11-29T10:00:00Z", "2026-1-1",
    "<<", "=", "abc", "a b", "-", "--", "-a", "+a", ".a", "é", "x" * 1001, "Décision — 決定",
]


@needs_c
@pytest.mark.parametrize("scalar", PLAIN_SCALARS)
def test_plain_scalars_read_by_the_event_reader_as_the_python_loader_reads_them(scalar):
    for text in (f"a: {scalar}\n", f"- {scalar}\n", f"{scalar}: 1\nb: 2\n", f"{scalar}\n", f"a: [{scalar}, '{scalar}']\n",
                 f"a: {{k: {scalar}}}\nb: {scalar}\n"):
        assert_same(text, "x.yaml")


@needs_c
def test_a_decimal_number_is_read_straight_from_its_text():
    got = yamlio._parse_fast("a: 12\nb: -0.0\nc: 1.0e-05\nd: 2.\n", "x")
    assert got is not None
    assert repr(got.data) == "{'a': 12, 'b': -0.0, 'c': 1e-05, 'd': 2.0}"


def test_the_printable_screen_matches_the_python_readers_pattern():
    pattern = yaml.reader.Reader.NON_PRINTABLE
    for code in [*range(0x100), 0x2028, 0xD7FF, 0xD800, 0xDFFF, 0xE000, 0xFEFF, 0xFFFD, 0xFFFE, 0xFFFF, 0x10000,
                 0x10FFFF]:
        for text in (chr(code), f"a: b{chr(code)}c\n", "x" * 100 + chr(code)):
            assert yamlio._printable(text) == (pattern.search(text) is None), hex(code)
    assert yamlio._printable("") and yamlio._printable("a: 1\n\tb\r\n")


@needs_c
def test_a_workspace_with_many_result_files_reads_the_same_with_both_loaders():
    """A workspace of the size the scale benchmark builds (runs with many numbers and quality flags)."""
    ws = files.load_builtin_workspace()
    run_text = files.workspace_to_yaml(ws)
    assert assert_same(run_text, "sample.yaml") == "fast"
    data = files.workspace_to_data(ws)
    runs = [{"tool": "vllm_serve", "runtime": "vllm", "platform": "nv-h100", "gpu_count": 8, "concurrency": 2 ** (i % 9),
             "duration_s": 60 + i / 7, "ttft_ms_p99": -(i / 3) if i % 5 else 0.0, "output_tps_per_gpu": i * 1e-7,
             "failed": i % 3, "max_rate": bool(i % 2),
             "quality_flags": [{"id": "normalize.per_gpu_derived", "params": {"gpus": 8}}, {"id": "vllm.failed_derived"},
                               f"note {i}"]} for i in range(300)]
    data["evidence"] = {"files": [{"provenance": {"file_name": f"r{i}.json", "size_bytes": 1000 + i,
                                                  "sha256": f"{i:064x}", "tool": "vllm_serve"},
                                   "runs": [runs[i]]} for i in range(300)]}
    text = yamlio.dump_yaml(data)
    assert assert_same(text, "big.yaml") == "fast"

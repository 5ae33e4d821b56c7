"""The context of an import, file by file (``importers.context_table``), without Qt: each file its own
answer, bulk answers only to the selected rows and only for the facts their files lack, who made a
file never assumed, and each fact stored with where it came from. On a folder of real vLLM result
files copied under the names of different GPUs and counts (``tests/import_folders.py``)."""

from __future__ import annotations

import pytest
from import_folders import FILES, TAIL, vllm_gpu_folder

from deepdecide.domain.evidence import ProvenanceKind
from deepdecide.importers import context_table as ct
from deepdecide.importers.folder import import_folder
from deepdecide.storage.files import load_builtin_matrix

L40S_1, H100_2, RNGD_4, H100_8, L40S_FILE = FILES


@pytest.fixture
def folder(shared_fixture, tmp_path):
    return vllm_gpu_folder(shared_fixture, tmp_path / "sweep")


@pytest.fixture
def rows(folder):
    found = import_folder(folder)
    assert not found.failed and len(found.imported) == 5
    return [ct.row_for(path, result, load_builtin_matrix()) for path, result in found.imported]


def test_each_row_shows_what_its_own_file_says_and_what_its_own_name_suggests(rows):
    assert [r.file_name for r in rows] == list(FILES)
    for row in rows[:4]:
        _fixture, platform, gpus = FILES[row.file_name]
        assert row.lacks == ("runtime", "platform", "gpu_count")  # vLLM's "openai" backend names no runtime
        assert row.says["model"] == ("facebook/opt-125m",) and row.says["input_tokens"] == ("32",)
        assert row.says["output_tokens"] == ("16",) and row.says["platform"] == ()
        assert row.suggested == ({"platform": platform} if platform else {}) | {"gpu_count": gpus}
        assert row.values == row.suggested and not row.confirmed  # offered, not yet confirmed
        assert row.file_kind is None and row.needs_kind
    l40s = rows[4]
    assert l40s.lacks == () and l40s.suggested == {} and l40s.confirmed  # it states everything itself
    assert l40s.says["platform"] == ("L40S",) and l40s.says["gpu_count"] == ("4",)
    assert ct.needs_asking(rows)


def test_bulk_answers_go_to_the_selected_rows_only_and_only_for_facts_they_lack(rows):
    before = [dict(r.values) for r in rows]
    ct.apply_to(rows, [3, 4], {"runtime": "vllm", "platform": "nv-b200", "gpu_count": 16, "model": ""},
                ProvenanceKind.THIRD_PARTY)
    assert [r.values for r in rows[:3]] == before[:3] and all(r.kind is None for r in rows[:3])
    assert rows[3].values == {"runtime": "vllm", "platform": "nv-b200", "gpu_count": 16}
    assert rows[3].kind is ProvenanceKind.THIRD_PARTY and not rows[3].confirmed  # confirmed on its own
    assert rows[4].values == {} and rows[4].kind is ProvenanceKind.THIRD_PARTY  # the file's L40S x 4 stays
    with pytest.raises(ValueError, match="states platform itself"):
        rows[4].set("platform", "nv-h100")


def test_the_import_waits_for_who_made_each_file_and_each_row_s_confirmation(rows):
    block = ct.blocking(rows)
    assert block.no_kind == (0, 1, 2, 3, 4) and block.unconfirmed == (0, 1, 2, 3)
    rows[0].set("runtime", "vllm")  # an edit confirms its own row, and no other
    assert ct.blocking(rows).unconfirmed == (1, 2, 3)
    ct.confirm(rows, [1, 2, 3])
    for row in rows:
        row.set_kind(ProvenanceKind.OWN)
    assert not ct.blocking(rows)
    assert rows[1].context().kind is ProvenanceKind.OWN and rows[1].context().runtime == ""


def test_each_file_is_stored_with_its_own_context_and_where_each_fact_came_from(folder, rows):
    for i, row in enumerate(rows):
        row.set_kind(ProvenanceKind.OWN if i < 4 else ProvenanceKind.THIRD_PARTY)
    ct.apply_to(rows, [0, 1, 2, 3], {"runtime": "vllm"})
    rows[2].set("platform", "RNGD")  # a platform the matrix does not list, typed by the user
    ct.confirm(rows, range(5))
    found = import_folder(folder, contexts=ct.contexts(rows))
    stored = {p.rsplit("/", 1)[-1]: r.evidence for p, r in found.imported}
    expected = {L40S_1: ("nv-l40s", 1, [191.2005994745598]), H100_2: ("nv-h100", 2, [93.74767963046673, 199.36907134182283]),
                RNGD_4: ("RNGD", 4, [93.74767963046673]), H100_8: ("nv-h100", 8, [191.2005994745598])}
    for name, (platform, gpus, output) in expected.items():
        ev = stored[name]
        assert [(r.runtime, r.platform, r.gpu_count) for r in ev.runs] == [("vllm", platform, gpus)] * len(output)
        assert [r.output_tps_per_gpu for r in ev.runs] == pytest.approx([o / gpus for o in output])
        assert ev.provenance.kind is ProvenanceKind.OWN
        sources = ct.fact_sources(ev)
        assert sources["runtime"] == ("vllm", ct.FactSource.USER)
        assert sources["gpu_count"] == (str(gpus), ct.FactSource.NAME)
        assert sources["model"] == ("facebook/opt-125m", ct.FactSource.FILE)
        assert sources["platform"][1] is (ct.FactSource.USER if name == RNGD_4 else ct.FactSource.NAME)
    # the 8 x H100 run: 191.2 tok/s over 8 GPUs, not over 1
    assert stored[H100_8].runs[0].output_tps_per_gpu == pytest.approx(23.90, abs=0.01)
    l40s = stored[L40S_FILE]
    assert {(r.platform, r.gpu_count) for r in l40s.runs} == {("L40S", 4)}
    assert l40s.provenance.kind is ProvenanceKind.THIRD_PARTY
    assert set(ct.fact_sources(l40s).values()) <= {(v, ct.FactSource.FILE) for v, _s in ct.fact_sources(l40s).values()}


def test_the_name_s_suggestion_completes_the_command_line_s_context_and_never_overrides_the_file():
    from deepdecide.importers.base import ImportContext

    matrix = load_builtin_matrix()
    ctx = ct.with_name_hints(ImportContext(runtime="vllm", gpu_count=2), f"8xH100-FP16{TAIL}", matrix)
    assert (ctx.runtime, ctx.platform, ctx.gpu_count, ctx.from_name) == ("vllm", "nv-h100", 2, ("platform",))
    assert ct.with_name_hints(ImportContext(), "results.json", matrix) == ImportContext()

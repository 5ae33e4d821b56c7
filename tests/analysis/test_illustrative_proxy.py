"""An illustrative run the decision-makers accepted as a proxy counts as one, for capacity alone: judged
against the SLO like any run, discounted and labelled proxy and illustrative, never a rung (not even
"shown by a proxy"). The sample's V4 runs are such proxies; the cookbook published no latencies or
request counts, so they cannot be judged and the option's capacity stays its labelled assumption, which
says so. An illustrative run that is not accepted, or one of unknown lengths, still counts for nothing."""

from __future__ import annotations

import dataclasses

from deepdecide.analysis import evaluate
from deepdecide.analysis.assessment import Applicability, CapacityBasis, CapacitySource
from deepdecide.storage.files import load_builtin_workspace


def _h100_runs_with_latencies(ws):
    """The sample with its illustrative H100 runs given latencies and request counts (as a file that
    published them would): concurrency 1 and 16 meet the SLO, 4096 does not."""
    files = []
    for f in ws.evidence.files:
        if "h100" in f.provenance.file_name:
            f = dataclasses.replace(f, runs=tuple(dataclasses.replace(
                r, ttft_ms_p99=1500.0, tpot_ms_p99=20.0 if r.concurrency <= 16 else 400.0,
                tpot_ms_p50=15.0 if r.concurrency <= 16 else 300.0, completed=100, failed=0) for r in f.runs))
        files.append(f)
    return dataclasses.replace(ws, evidence=dataclasses.replace(ws.evidence, files=tuple(files)))


def test_the_samples_illustrative_proxies_count_for_capacity_and_say_why_they_give_none():
    a = evaluate(load_builtin_workspace())
    fits = [f for f in a.evidence_fit if f.item == "run" and f.kind == "illustrative"]
    assert fits and all(f.applicability == Applicability.PROXY for f in fits)
    assert all(f.counts_for == ("capacity",) for f in fits)  # capacity alone, never a rung
    assert all(any("accepted as a proxy, for capacity only" in str(m) for m in f.reasons) for f in fits)
    sglang = a.option("keep-sglang-h100")
    assert sglang is not None
    cap = sglang.capacity
    assert cap.basis == CapacityBasis.ASSUMED and cap.unjudged  # the proxy runs could not be judged
    assert "TTFT p99 not measured" in " ".join(str(f) for f in cap.figure.flags)
    assert "proxy" in " ".join(str(f) for f in cap.figure.flags)
    assert [str(c) for c in cap.caveats] == ["capacity is an assumption (the applicable runs cannot be judged "
                                             "against the SLO)"]
    ev = sglang.evidence
    assert ev.level == 0 and not any(lv.reached or lv.proxy for lv in (ev.builds, ev.correct, ev.performs))


def test_an_illustrative_proxy_with_latencies_gives_a_labelled_proxy_capacity_and_no_rung():
    a = evaluate(_h100_runs_with_latencies(load_builtin_workspace()))
    sglang = a.option("keep-sglang-h100")
    assert sglang is not None
    cap = sglang.capacity
    assert cap.source == CapacitySource.PROXY and cap.figure.value is not None
    flags = " ".join(str(f) for f in cap.figure.flags)
    assert "PROXY" in flags and "ILLUSTRATIVE: the proxy's figures are reconstructed from published figures" in flags
    # discounted: 0.85 of the interpolated throughput, between the loads that meet and miss the SLO
    assert 0.7 * 223 < cap.figure.value < 251
    assert "PROXY: capacity from runs accepted as a proxy" in " ".join(str(c) for c in cap.caveats)
    # never a rung, not even "shown by a proxy", though two of its runs meet the SLO
    ev = sglang.evidence
    assert ev.level == 0 and not any(lv.reached or lv.proxy for lv in (ev.builds, ev.correct, ev.performs))


def test_an_illustrative_run_not_accepted_counts_for_nothing():
    ws = load_builtin_workspace()
    files = tuple(dataclasses.replace(f, proxy=None) for f in _h100_runs_with_latencies(ws).evidence.files)
    a = evaluate(dataclasses.replace(ws, evidence=dataclasses.replace(ws.evidence, files=files)))
    fits = [f for f in a.evidence_fit if f.item == "run" and f.kind == "illustrative"]
    assert fits and all(f.applicability == Applicability.MISMATCH and f.counts_for == () for f in fits)
    sglang = a.option("keep-sglang-h100")
    assert sglang is not None and sglang.capacity.source == CapacitySource.ASSUMED


def test_an_illustrative_proxy_of_unknown_lengths_with_missing_context_never_counts():
    ws = load_builtin_workspace()
    files = []
    for f in ws.evidence.files:
        if "h100" in f.provenance.file_name:  # no runtime: needs context, whatever the acceptance says
            f = dataclasses.replace(f, runs=tuple(dataclasses.replace(r, runtime="", input_tokens=None)
                                                  for r in f.runs))
        files.append(f)
    a = evaluate(dataclasses.replace(ws, evidence=dataclasses.replace(ws.evidence, files=tuple(files))))
    fits = [f for f in a.evidence_fit if f.item == "run" and f.file.startswith("sglang_dsv4_flash_h100")]
    assert fits and all(f.applicability == Applicability.NEEDS_CONTEXT and f.counts_for == () for f in fits)

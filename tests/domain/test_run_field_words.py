"""A data-quality note names a run's field in words in every language ("GPU count given by the user",
"número de GPU: lo indicó el usuario"), while the stored flag and ``--json`` keep the field's id."""

from __future__ import annotations

from deepdecide.domain import flags, i18n
from deepdecide.domain.flags import flag
from deepdecide.domain.messages import run_field_words


def test_a_field_param_is_written_in_words_in_both_languages():
    given = flag("normalize.given", name="gpu_count")
    kept = flag("normalize.kept", name="platform", current="nv-b300", given="nv-h100")
    derived = flag("normalize.derived", key="output_tps_per_gpu", how="x")
    assert str(given) == "GPU count given by the user"
    assert str(derived).startswith("output tokens/s per GPU derived")
    with i18n.using("es"):
        assert str(given) == "número de GPU: lo indicó el usuario"
        assert str(kept).startswith("plataforma: el archivo dice 'nv-b300'")
        assert str(flag("edits.set_by_user", name="quantization")) == "cuantización: lo fijó el usuario"
        assert run_field_words("model") == "modelo"
        assert given.to_data()["params"] == {"name": "gpu_count"}  # the id stays in JSON
    assert run_field_words("no_such_field") == "no_such_field"


def test_a_data_quality_flag_names_its_field_in_words_and_writes_its_figure_in_the_language():
    """"ttft_ms_p50 is 0.20354 ms" was the field's id and an English decimal in every language: the note
    names the field ("TTFT p50") and writes the figure the file held, every digit, in the language's
    decimals; the stored flag keeps the id and the raw number."""
    unit = flag("safety.latency_unit", name="ttft_ms_p50", value=0.20354, min=1.0)
    small = flag("safety.too_small", name="duration_s", value=5e-324, min=1e-12)
    endless = flag("safety.derived_not_finite", name="interactivity_tps_per_user", value="inf")
    parity = flag("parity.field_not_finite", name="reference_value", value="nan")
    assert str(unit).startswith("TTFT p50 is 0.20354 ms, and no served model")
    assert str(small).startswith("duration: the file holds 5e-324, too small")
    assert str(endless).startswith("tokens/s per user: derived value is not finite (∞)")
    assert str(parity) == "reference value not finite (NaN)"
    with i18n.using("es"):
        assert str(unit).startswith("TTFT p50 es 0,20354 ms, y ningún modelo servido")
        assert str(small).startswith("duración: el archivo contiene 5e-324")
        assert str(parity) == "valor de referencia no finito (NaN)"
        assert run_field_words("tpot_ms_mean") == "TPOT media"
        assert run_field_words("ttft_ms_p99_ci_low") == "TTFT p99, intervalo: mínimo"
        assert unit.to_data()["params"] == {"name": "ttft_ms_p50", "value": 0.20354, "min": 1.0}
    assert flags.to_data(unit) == {"id": "safety.latency_unit",
                                   "params": {"name": "ttft_ms_p50", "value": 0.20354, "min": 1.0}}


def test_a_flag_an_earlier_version_stored_reads_in_words_and_in_the_language():
    """A workspace of an earlier version stored the figure as English text (value: '0.20354'), or, before
    schema 4, the whole English text: both read back as the flag and render in the language."""
    stored = flags.from_data({"id": "safety.latency_unit", "params": {"name": "ttft_ms_p50", "value": "0.20354",
                                                                      "min": 1.0}})
    with i18n.using("es"):
        assert str(stored).startswith("TTFT p50 es 0,20354 ms")
    assert str(flags.from_data({"id": "safety.too_small", "params": {"name": "x", "value": "garbled", "min": 1e-12}})
               ).startswith("x: the file holds garbled")
    old = flags.from_english("ttft_ms_p50 is 0.20354 ms, and no served model answers in under 1 ms: the file's "
                             "*_ms fields hold seconds (or another unit), so every latency of the run is left empty "
                             "(no SLO is judged on it); re-export it in milliseconds, or import the figures as a "
                             "CSV with --unit ttft_ms=s")
    assert old.id == "safety.latency_unit" and old.args["name"] == "ttft_ms_p50"
    gpus = flags.from_english("gpu_count from server_info: tp 8 x pp 1 x dp 2")
    assert gpus.id == "sglang.gpus" and gpus.args == {"tp": 8, "pp": 1, "dp": 2}
    assert str(gpus) == "GPU count from server_info: TP 8 × PP 1 × DP 2"
    with i18n.using("es"):
        assert str(gpus) == "número de GPU a partir de «server_info»: TP 8 × PP 1 × DP 2"
        assert str(flags.flag("normalize.interactivity_derived")) == "tokens/s por usuario: valor derivado de 1000 / TPOT p50"


def test_a_parity_rule_names_its_kind_in_words_and_an_older_text_still_reads_back():
    """A parity rule said "greedy_match app-default-v1: ..." (the kind's id): it names the kind in words now,
    and a rule a workspace of schema 4 or before stored as that English text still reads back as the rule."""
    old = ("greedy_match app-default-v1: same stack, feature toggled: 100 % identical tokens required "
           "(value 0.9900); n=20 prompts")
    got = flags.rule_from_english(old)
    assert [p.id for _k, p in got.params] == ["parity.greedy_same", "parity.n_prompts"]
    assert str(got) == old.replace("greedy_match", "greedy match")
    with i18n.using("es"):
        assert str(got).startswith("coincidencia greedy app-default-v1: misma pila")

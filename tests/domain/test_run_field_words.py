"""A data-quality note names a run's field in words in every language ("GPU count given by the user",
"número de GPU: lo indicó el usuario"), while the stored flag and ``--json`` keep the field's id."""

from __future__ import annotations

from deepdecide.domain import i18n
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

"""What a redaction removed is reported in the interface language: the kind and the place."""

from __future__ import annotations

from deepdecide.domain import i18n
from deepdecide.domain.flags import flag
from deepdecide.importers.secrets import Finding


def test_a_finding_names_its_kind_and_place_in_spanish_and_english():
    f = Finding("Hugging Face token", flag("place.run_field", n=2, field="label"))
    assert str(f) == "Hugging Face token in run 2 label"
    with i18n.using("es"):
        text = str(f)
    assert text.startswith("token de Hugging Face en ") and " in " not in text
    flag_finding = Finding("credential flag --api-key", "a note")
    with i18n.using("es"):
        assert str(flag_finding) == "opción de credencial --api-key en una nota"
    assert str(flag_finding) == "credential flag --api-key in a note"


def test_an_unknown_kind_or_place_is_shown_as_written():
    with i18n.using("es"):
        assert str(Finding("custom detector", "label")) == "custom detector en label"

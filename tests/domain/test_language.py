"""The Qt-free layers' language: chosen from the environment or explicitly, one catalog."""

import pytest

from deepdecide.domain import i18n


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(("environ", "expected"), [
    ({"LANG": "es_ES.UTF-8"}, "es"),
    ({"LC_ALL": "C", "LANG": "es_ES.UTF-8"}, "en"),   # the first variable set decides
    ({"LANGUAGE": "fr:es"}, "es"),
    ({"LANG": "de_DE.UTF-8"}, "en"),                   # no catalog: English
    ({}, "en"),
])
def test_language_from_environment(environ, expected):
    assert i18n.from_environment(environ) == expected


def test_unsupported_language_is_refused():
    with pytest.raises(ValueError, match="unsupported language 'xx'"):
        i18n.set_language("xx")


def test_english_is_the_source_and_spanish_comes_from_the_catalog():
    assert i18n.gettext("unsupported language") == "unsupported language"
    with i18n.using("es_ES.UTF-8") as code:
        assert code == "es"
        assert i18n.gettext("unsupported language") == "idioma no disponible"
        assert i18n.ngettext("{n} file", "{n} files", 2) == "{n} files"  # untranslated: the source
    assert i18n.language() == "en"

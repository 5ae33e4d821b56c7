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
    assert i18n.gettext("interrupted") == "interrupted"
    with i18n.using("es_ES.UTF-8") as code:
        assert code == "es"
        assert i18n.gettext("interrupted") == "interrumpido"
        assert i18n.ngettext("draw", "draws", 1) == "extracción"
        assert i18n.ngettext("draw", "draws", 2) == "extracciones"
        assert i18n.ngettext("{n} gadget", "{n} gadgets", 2) == "{n} gadgets"  # not in the catalog: the source
        assert i18n.dgettext("argparse", "usage: ") == "uso: "
        assert i18n.translator() is i18n.translate
    assert i18n.language() == "en"
    assert i18n.translator() is None


def test_a_block_language_is_the_calling_threads_only():
    import threading

    seen = []
    with i18n.using("es"):
        t = threading.Thread(target=lambda: seen.append(i18n.language()))
        t.start()
        t.join()
        assert i18n.language() == "es"
    assert seen == ["en"]  # another thread keeps the process language
    i18n.set_language("es")
    assert i18n.language() == "es"
    with i18n.using("en"):
        assert i18n.gettext("interrupted") == "interrupted"
    assert i18n.gettext("interrupted") == "interrumpido"


def test_messages_speak_the_current_language_and_json_keeps_english():
    from deepdecide.domain.messages import msg

    m = msg("x.fleet", "fleet: none ({reason})", reason="n/a")
    nested = msg("x.flag", "capacity: {flag}", flag=m)
    assert str(nested) == "capacity: fleet: none (n/a)"
    with i18n.using("es"):
        assert str(nested) == "capacidad: flota: ninguna (n/a)"
        data = nested.to_data()
        assert data["text"] == "capacity: fleet: none (n/a)"  # JSON is the same in every language
        assert data["translation"] == "capacidad: flota: ninguna (n/a)"
        assert data["template"] == "capacity: {flag}"
        yes = msg("x.bool", "{flag}", flag=True)
        assert str(yes) == "sí" and yes.to_data()["text"] == "yes"
        assert str(msg("x.n", "{n} owned", n=1234.5)) == "1.234 propias"
    assert "translation" not in nested.to_data()

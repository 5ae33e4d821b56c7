"""The command line in Spanish (--lang es or the environment) and in English otherwise."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from deepdecide.cli.main import main
from deepdecide.domain import i18n


def test_evaluate_in_spanish_with_lang(capsys):
    assert main(["--lang", "es", "evaluate", "--no-monte-carlo"]) == 0
    out = capsys.readouterr().out
    assert "ganadora: Mantener H100 y servir con SGLang" in out
    assert "Por qué, opción por opción:" in out
    assert "puesto  opción" in out  # the table's headers
    assert "US$/M caja" in out and "Importes en USD" in out
    assert "compila NO alcanzado" in out  # an analysis Message, translated
    assert "winner" not in out and "Why, option by option" not in out
    assert i18n.language() == "es"


def test_lang_may_follow_the_command(capsys):
    assert main(["evaluate", "--no-monte-carlo", "--lang", "es"]) == 0
    assert "Por qué, opción por opción:" in capsys.readouterr().out


def test_english_is_the_default_and_json_stays_english(capsys, monkeypatch):
    assert main(["evaluate", "--no-monte-carlo"]) == 0
    out = capsys.readouterr().out
    assert "winner: Keep H100, serve with SGLang" in out and "Why, option by option:" in out
    assert main(["--lang", "es", "evaluate", "--no-monte-carlo", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    reasons = data["options"][0]["evidence"]["builds"]["reasons"]
    assert reasons[0]["text"].startswith("no build attestation")
    assert reasons[0]["translation"].startswith("ninguna atestación de compilación")


def test_the_environment_chooses_spanish():
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    env["LANG"] = "es_ES.UTF-8"
    proc = subprocess.run([sys.executable, "-m", "deepdecide", "evaluate", "--no-monte-carlo"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "Por qué, opción por opción:" in proc.stdout
    env["LC_ALL"] = "C"  # the first variable set decides, as for gettext
    proc = subprocess.run([sys.executable, "-m", "deepdecide", "evaluate", "--no-monte-carlo"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert "Why, option by option:" in proc.stdout


def test_help_usage_and_errors_in_spanish(capsys):
    assert main(["--lang", "es", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("uso: deepdecide")
    assert "opciones:" in out and "muestra este mensaje de ayuda y sale" in out
    assert "códigos de salida:" in out
    assert "escribir el registro de decisión en PDF" in out  # a command's help
    assert main(["--lang", "es", "matrix", "--bogus"]) == 2
    assert "argumentos no reconocidos: --bogus" in capsys.readouterr().err
    assert main(["--lang", "es", "validate"]) == 2
    assert "validate: indique al menos un FICHERO" in capsys.readouterr().err
    assert main(["--lang", "xx", "matrix"]) == 2
    assert "invalid choice: 'xx'" in capsys.readouterr().err
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: deepdecide") and "options:" in out


def test_check_and_matrix_in_spanish(capsys):
    assert main(["--lang", "es", "check", "--gpu", "H100 SXM", "--runtime", "vllm"]) in (0, 1)
    out = capsys.readouterr().out
    assert "Máquina: H100 SXM" in out and "runtime" in out and "veredicto" in out
    assert main(["--lang", "es", "matrix", "--runtime", "vllm"]) == 0
    out = capsys.readouterr().out
    assert "plataforma" in out and "a fecha de" in out and " de 20" in out  # a long Spanish date


def test_a_spanish_team_in_euros(tmp_path, capsys):
    """Every money figure carries the workspace's currency (no conversion)."""
    from deepdecide.storage import files

    ws = files.load_builtin_workspace()
    from dataclasses import replace

    ws = replace(ws, assumptions=replace(ws.assumptions, currency="EUR"))
    path = tmp_path / "eur.deepdecide.yaml"
    files.save_workspace(ws, path)
    assert main(["--lang", "es", "evaluate", str(path), "--no-monte-carlo"]) == 0
    out = capsys.readouterr().out
    assert "Importes en EUR" in out and "€/M caja" in out
    assert "US$" not in out and "$0" not in out
    assert "mil\u00a0€ por GPU propia" in out


def test_the_analysis_is_the_same_in_every_language():
    """Only the words change: ranks, figures and risks do not depend on the language."""
    from deepdecide.analysis import evaluate, to_data
    from deepdecide.storage import files

    ws = files.load_builtin_workspace()
    english = to_data(evaluate(ws, monte_carlo=False))
    with i18n.using("es"):
        spanish = evaluate(ws, monte_carlo=False)
        assert [r.kind for r in spanish.recommendation_risks] == [
            r["kind"] for r in english["recommendation_risks"]]
        spanish_data = to_data(spanish)
    assert spanish_data["ranking"] == english["ranking"]
    assert [o["fleet"]["gpus"]["value"] for o in spanish_data["options"]] == [
        o["fleet"]["gpus"]["value"] for o in english["options"]]

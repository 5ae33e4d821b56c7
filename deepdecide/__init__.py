"""deepdecide: evidence, comparison and a signed decision record for LLM-serving platform choices."""

# The one place the version is written: pyproject.toml reads it from here (``[tool.setuptools.dynamic]``),
# so the installed metadata says the same; no importlib.metadata look-up at every start (17 ms).
__version__ = "0.2.4"

APP_ID = "io.github.deepdecide.DeepDecide"

"""deepdecide: evidence, comparison and a signed decision record for LLM-serving platform choices."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("deepdecide")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+unknown"

APP_ID = "io.github.deepdecide.DeepDecide"

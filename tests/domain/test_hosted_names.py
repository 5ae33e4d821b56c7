"""A hosted API's runtime and platform are not in the support matrix: a message names them by the
provider and as the provider's servers, never by their ids, in the record and on the desktop alike."""

from __future__ import annotations

from deepdecide.domain.messages import msg, names_of, naming
from deepdecide.report.sections.base import platform_name, runtime_name
from deepdecide.storage.files import load_builtin_workspace


def test_a_hosted_api_is_named_by_its_provider():
    ws = load_builtin_workspace()
    hosted = ws.option("api-deepseek-flash")
    names = names_of(ws)
    assert names["runtime"][hosted.runtime] == hosted.hosted.provider
    assert names["platform"][hosted.platform] == "the provider's servers"
    assert names["runtime"]["sglang"] == "SGLang"  # a matrix runtime keeps its own name
    m = msg("t", "{runtime} does not list {platform}", runtime=hosted.runtime, platform=hosted.platform)
    with naming(names):
        assert str(m) == "DeepSeek API (the model's own provider) does not list the provider's servers"
    assert runtime_name(ws, hosted.runtime) == hosted.hosted.provider
    assert platform_name(ws, hosted.platform) == "the provider's servers"

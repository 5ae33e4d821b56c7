"""Safe YAML reading with the line of every key path, and atomic writing.

Only plain YAML is accepted: mappings, sequences and the standard scalar types. Anchors
and aliases are refused (they are how "billion laughs" files blow up), so are explicit
tags such as ``!!python/object``, and so are duplicate keys. Timestamps stay text.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import Any

import yaml

from deepdecide.domain.errors import UnreadableFileError, ValidationError

MAX_FILE_BYTES = 64 * 1024 * 1024  # a workspace is text; anything larger is not one

_STANDARD_TAGS = {
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:timestamp",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
}


class _Loader(yaml.SafeLoader):
    """SafeLoader that refuses anchors and aliases while composing."""

    def compose_node(self, parent, index):  # noqa: D401 - PyYAML hook
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise ValidationError(
                f"YAML aliases (*{event.anchor}) are not allowed in deepdecide files",
                line=event.start_mark.line + 1,
            )
        event = self.peek_event()
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            raise ValidationError(
                f"YAML anchors (&{anchor}) are not allowed in deepdecide files",
                line=event.start_mark.line + 1,
            )
        return super().compose_node(parent, index)


class LocatedData:
    """Plain data read from YAML plus the line of each key path (``options[2].cost``)."""

    def __init__(self, data: Any, lines: dict[str, int], file: str):
        self.data = data
        self.lines = lines
        self.file = file

    def line_of(self, path: str) -> int | None:
        """The line of ``path`` or of its nearest ancestor that has one."""
        while True:
            if path in self.lines:
                return self.lines[path]
            if not path:
                return None
            cut = max(path.rfind("."), path.rfind("["))
            path = path[:cut] if cut > 0 else ""


def _join(path: str, key: Any) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


def _construct(node: yaml.Node, path: str, lines: dict[str, int], ctor: yaml.SafeLoader) -> Any:
    lines.setdefault(path, node.start_mark.line + 1)
    if node.tag not in _STANDARD_TAGS:
        raise ValidationError(
            f"the YAML tag {node.tag!r} is not allowed (only plain YAML)",
            line=node.start_mark.line + 1,
            path=path,
        )
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag not in _STANDARD_TAGS:
                raise ValidationError("mapping keys must be plain scalars", line=key_node.start_mark.line + 1, path=path)
            key = ctor.construct_object(key_node)
            if key in out:
                raise ValidationError(
                    f"duplicate key {key!r}", line=key_node.start_mark.line + 1, path=_join(path, str(key))
                )
            child = _join(path, str(key))
            lines[child] = key_node.start_mark.line + 1
            out[key] = _construct(value_node, child, lines, ctor)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_construct(v, _join(path, i), lines, ctor) for i, v in enumerate(node.value)]
    if node.tag == "tag:yaml.org,2002:timestamp":
        return node.value  # keep dates as written: "2026-11-29"
    return ctor.construct_object(node)


def parse_yaml(text: str, file: str = "") -> LocatedData:
    """Parse YAML text into plain data with line numbers; raise ValidationError on any problem."""
    try:
        loader = _Loader(text)
    except yaml.reader.ReaderError as exc:
        line = text[: exc.position].count("\n") + 1
        raise ValidationError(f"not valid YAML: {exc.reason} (character {exc.character!r})", file=file, line=line) from None
    try:
        try:
            node = loader.get_single_node()
        except ValidationError as exc:  # an anchor or alias refused while composing: name the file
            exc.file = file
            raise
        except yaml.reader.ReaderError as exc:
            line = text[: exc.position].count("\n") + 1
            raise ValidationError(f"not valid YAML: {exc.reason} (character {exc.character!r})", file=file, line=line) from None
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line = mark.line + 1 if mark else None
            reason = " ".join(str(p) for p in (exc.context, exc.problem) if p)
            raise ValidationError(f"not valid YAML: {reason}", file=file, line=line) from None
        except yaml.YAMLError as exc:
            raise ValidationError(f"not valid YAML: {exc}", file=file) from None
        if node is None:
            raise ValidationError("the file is empty", file=file)
        lines: dict[str, int] = {}
        try:
            data = _construct(node, "", lines, loader)
        except ValidationError as exc:
            exc.file = file
            raise
        except yaml.YAMLError as exc:
            raise ValidationError(f"not valid YAML: {exc}", file=file) from None
        except RecursionError:
            raise ValidationError("the YAML is nested too deeply", file=file) from None
    finally:
        loader.dispose()
    return LocatedData(data, lines, file)


def read_yaml_file(path: str | os.PathLike[str]) -> LocatedData:
    """Read and parse a YAML file; every failure is a ValidationError naming the file."""
    p = Path(path)
    name = str(p)
    try:
        size = p.stat().st_size
        if size > MAX_FILE_BYTES:
            raise UnreadableFileError(f"the file is {size:,} bytes, larger than any workspace ({MAX_FILE_BYTES:,})", file=name)
        raw = p.read_bytes()
    except ValidationError:
        raise
    except IsADirectoryError:
        raise UnreadableFileError("is a folder, not a file", file=name) from None
    except FileNotFoundError:
        raise UnreadableFileError("no such file", file=name) from None
    except PermissionError:
        raise UnreadableFileError("permission denied: the file cannot be read", file=name) from None
    except OSError as exc:
        raise UnreadableFileError(f"cannot be read: {exc.strerror or exc}", file=name) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ValidationError(f"not UTF-8 text (byte {exc.start})", file=name, line=line) from None
    if "\x00" in text:
        raise ValidationError("contains NUL bytes: not a text file", file=name, line=text[: text.index("\x00")].count("\n") + 1)
    return parse_yaml(text, name)


class _Dumper(yaml.SafeDumper):
    pass


def _str_presenter(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str_presenter)


def dump_yaml(data: Any) -> str:
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100, default_flow_style=False)


def atomic_write_bytes(path: str | os.PathLike[str], payload: bytes) -> None:
    """Write ``payload`` to ``path`` so that the file is either the old one or the new one:
    temporary file in the same folder, fsync, rename, fsync of the folder."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
        if target.exists():
            os.chmod(tmp, target.stat().st_mode & 0o777)
        else:
            os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)

"""An environment capture: a small manifest naming the files that show what a machine ran.

The manifest (YAML or JSON) is imported like any evidence file; the parts it names are read from
its own folder, each with its size and SHA-256 recorded::

    kind: environment-capture
    runtime: sglang               # the matrix's runtime id (or --runtime)
    package: sglang               # optional: the runtime's Python package (default: the runtime id)
    nvidia_smi: nvidia-smi.xml    # `nvidia-smi -q -x` on the machine (required)
    versions: versions.txt        # the runtime's version output (`vllm collect-env`, ...)
    lock_file: uv.lock            # a lock file, and/or
    image: registry.example/sglang@sha256:<64 hex digits>

The GPU, its count, the driver and the newest CUDA the driver supports come from the
``nvidia-smi`` capture (read by :mod:`deepdecide.importers.nvidia_smi`); the toolkit CUDA, GCC,
Python, the OS and the runtime's own version from the version output: PyTorch's and vLLM's
``collect_env`` report (``python -m torch.utils.collect_env``, ``vllm collect-env``, both layouts),
``pip show``, ``[pip3] name==version`` lines, ``/etc/os-release`` and the first lines of
``nvcc --version``, ``gcc --version`` and ``python --version``. What pins the environment: an
image reference by digest (``name@sha256:...``; a tag alone pins nothing), or a lock file (uv,
Poetry, Pipfile.lock, a ``name==version`` requirements file such as ``pip freeze`` or
``pip-compile --generate-hashes`` writes, ``conda list --explicit``) whose every package has one
exact version. docs/evidence-import.md, "Environment captures", has the layout.

Every part is refused as a whole on a problem, with the manifest, its key, the part and the
reason: the import adds the capture or nothing.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import re
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

from packaging.requirements import InvalidRequirement, Requirement

from deepdecide.domain.environment import (
    MAX_UNPINNED,
    CapturedPart,
    EnvironmentCapture,
    LockFormat,
    LockSummary,
    PartRole,
    digest_of,
)
from deepdecide.domain.errors import DeepdecideError, EvidenceImportError
from deepdecide.domain.i18n import N_, _
from deepdecide.domain.messages import Message, msg, msgn
from deepdecide.domain.userfiles import read_user_file
from deepdecide.importers.base import ImportContext, Importer, Parsed, Source
from deepdecide.importers.nvidia_smi import parse_nvidia_smi_xml
from deepdecide.importers.safety import clean_text
from deepdecide.importers.secrets import Finding
from deepdecide.importers.structured import yaml_doc

KIND = "environment-capture"
#: the manifest's keys; ``kind`` and ``nvidia_smi`` are required, ``runtime`` unless given as context
KEYS = ("kind", "runtime", "package", "nvidia_smi", "versions", "lock_file", "image")
#: a part above this size is refused before it is read (captures and lock files are far smaller)
MAX_PART_BYTES = 16 << 20


def _manifest(src: Source) -> Any:
    if b"environment-capture" not in src.data[:4096]:
        return None
    return src.json if src.looks_json else yaml_doc(src)


class EnvironmentManifest(Importer):
    tool = "environment_capture"
    description = N_("environment capture manifest (nvidia-smi -q -x, version output, image digest or lock file)")

    def sniff(self, src: Source) -> bool:
        doc = _manifest(src)
        return isinstance(doc, dict) and doc.get("kind") == KIND

    def parse(self, src: Source, ctx: ImportContext) -> Parsed:
        doc = _manifest(src)
        assert isinstance(doc, dict)  # sniffed
        for key in doc:
            if key not in KEYS:
                near = difflib.get_close_matches(str(key), KEYS, n=1)
                hint = _(" (did you mean {key!r}?)").format(key=near[0]) if near else ""
                raise src.error(_("unknown key {key!r}{hint}; an environment capture has: {keys}").format(
                    key=key, hint=hint, keys=", ".join(KEYS)), path=str(key))
        text = {k: _text_value(src, doc, k) for k in KEYS if k != "kind"}
        runtime = text["runtime"] or ctx.runtime
        if not runtime:
            raise src.error(_("the capture names no runtime: add `runtime: <matrix runtime id>` or import it with "
                              "--runtime"), path="runtime")
        if not text["nvidia_smi"]:
            raise src.error(_("the capture names no `nvidia_smi` file: the exact GPU comes from the XML of "
                              "`nvidia-smi -q -x` captured on the machine"), path="nvidia_smi")
        if not text["versions"] and not text["lock_file"] and not text["image"]:
            raise src.error(_("the capture names no `versions` output, `lock_file` or `image`: it would show the "
                              "GPU only, not the environment"), path="versions")
        folder = _folder(src)
        notes: list[Message] = []
        parts: list[CapturedPart] = []

        data, part = _read_part(src, folder, "nvidia_smi", text["nvidia_smi"], PartRole.NVIDIA_SMI)
        parts.append(part)
        try:
            smi = parse_nvidia_smi_xml(data, part.file_name)
        except DeepdecideError as exc:
            raise _part_error(src, "nvidia_smi", part.file_name, exc) from None
        values: dict[str, str] = {}
        if text["versions"]:
            vdata, vpart = _read_part(src, folder, "versions", text["versions"], PartRole.VERSIONS)
            parts.append(vpart)
            values = read_versions(_decode(src, "versions", vpart.file_name, vdata), text["package"] or runtime)
            if not values:
                raise src.error(_("{part}: no version read: expected the output of `vllm collect-env`, `python -m "
                                  "torch.utils.collect_env`, `pip show`, `nvcc --version`, `gcc --version` or "
                                  "`python --version`").format(part=vpart.file_name), path="versions")
        lock: LockSummary | None = None
        if text["lock_file"]:
            ldata, lpart = _read_part(src, folder, "lock_file", text["lock_file"], PartRole.LOCK_FILE)
            parts.append(lpart)
            try:
                lock = read_lock(_decode(src, "lock_file", lpart.file_name, ldata), text["package"] or runtime)
            except ValueError as exc:
                raise src.error(_("{part}: {reason}").format(part=lpart.file_name, reason=exc),
                                path="lock_file") from None
        image = text["image"]
        if image and not digest_of(image):
            notes.append(msg("environment.image_tag", "image {image} is named by a tag, not by its digest "
                             "(name@sha256:...): a tag can move, so it pins nothing", image=image))
        driver = smi.driver
        other = values.get("driver", "")
        if other and driver and other != driver:
            notes.append(msg("environment.driver_differs", "the version output names driver {other}, nvidia-smi "
                             "{driver}: were both captured on the same machine? nvidia-smi's is kept",
                             other=other, driver=driver))
        gpus = values.get("gpus", "")
        if gpus and smi.gpu_name and smi.gpu_name not in gpus.split("\n"):
            notes.append(msg("environment.gpu_differs", "the version output lists {gpus}, nvidia-smi {gpu}: were "
                             "both captured on the same machine? nvidia-smi's is kept",
                             gpus=gpus.replace("\n", ", "), gpu=smi.gpu_name))
        if not values.get("cuda") and smi.cuda:
            notes.append(msg("environment.driver_cuda", "no toolkit CUDA in the capture: nvidia-smi's CUDA {cuda} "
                             "is the newest the driver supports, not the toolkit", cuda=smi.cuda))
        runtime_version = values.get("runtime_version") or (lock.runtime_version if lock else "")
        if lock is not None and not lock.pinned:
            notes.append(msgn("environment.lock_unpinned", "{file}: {n} package not pinned to one version ({names})",
                              "{file}: {n} packages not pinned to one version ({names})", "n", file=text["lock_file"], n=lock.unpinned_count, names=lock.unpinned[:5]))
        capture = EnvironmentCapture(
            runtime=runtime, runtime_version=runtime_version, gpu_name=smi.gpu_name, gpu_count=smi.gpu_count,
            driver=driver, driver_cuda=smi.cuda, cuda=values.get("cuda", ""), cann=values.get("cann", ""),
            os=values.get("os", ""), os_release=values.get("os_release", ""), gcc=values.get("gcc", ""),
            python=values.get("python", ""), image=image, lock=lock, parts=tuple(parts))
        return Parsed(tool_version="", notes=notes, environment=capture)


def _text_value(src: Source, doc: dict[str, Any], key: str) -> str:
    value = doc.get(key)
    if value is None:
        return ""
    if not isinstance(value, str) or "\n" in value.strip():
        raise src.error(_("{key} must be one line of text, got {value!r}").format(key=key, value=value), path=key)
    return value.strip()


def _folder(src: Source) -> Path:
    path = Path(src.path)
    if not path.is_file():
        raise src.error(_("an environment capture names the files beside it: import the manifest from its folder "
                          "(deepdecide import FOLDER/manifest.yaml), not from memory"))
    return path.parent


def _read_part(src: Source, folder: Path, key: str, name: str, role: PartRole) -> tuple[bytes, CapturedPart]:
    if "/" in name or "\\" in name or name in (".", "..") or "\x00" in name:
        raise src.error(_("{key}: {name!r} is not a file name: put the file beside the manifest and give its "
                          "name").format(key=key, name=name), path=key)
    try:
        data = read_user_file(folder / name, max_bytes=MAX_PART_BYTES, too_large=lambda size: _(
            "larger than {n} bytes: not a capture part").format(n=f"{MAX_PART_BYTES:,}"))
    except DeepdecideError as exc:
        raise _part_error(src, key, name, exc) from None
    return data, CapturedPart(role, name, len(data), hashlib.sha256(data).hexdigest())


def _part_error(src: Source, key: str, name: str, exc: DeepdecideError) -> EvidenceImportError:
    line = getattr(exc, "line", None)
    where = _("{name}, line {line}").format(name=name, line=line) if line else name
    reason = getattr(exc, "reason", None) or str(exc)
    return src.error(_("{key} ({where}): {reason}").format(key=key, where=where, reason=reason), path=key)


def _decode(src: Source, key: str, name: str, data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise src.error(_("{key} ({name}): not UTF-8 text (byte offset {offset})").format(
            key=key, name=name, offset=exc.start), path=key) from None


# ---------------------------------------------------------------------------------------------
# the version output

_KEY_VALUE = re.compile(r"^\s*([A-Za-z][A-Za-z0-9 _./()+-]*?)\s*[:=]\s*(.*?)\s*$")
_NUMBER = re.compile(r"\d+(?:\.\d+)+")
_VERSION_TOKEN = re.compile(r"v?(\d+(?:\.\d+)*(?:[.+-]?[A-Za-z0-9]+)*)")
_GPU_LINE = re.compile(r"^\s*GPU \d+:\s*(.+?)\s*$")
_PIP = re.compile(r"^\s*\[(?:pip3?|conda)\]\s*([A-Za-z0-9][A-Za-z0-9_.\-]*)\s*(?:==|\s)\s*(\S+)")
_NVCC = re.compile(r"Cuda compilation tools, release (\d+\.\d+)")
_GCC = re.compile(r"^(?:gcc|g\+\+|cc|c\+\+)(?:-\d+)? \(.*\) (\d+\.\d+(?:\.\d+)?)")
_PYTHON = re.compile(r"^Python (\d+\.\d+(?:\.\d+)?)\s*$")
_LINUX = ("linux", "ubuntu", "debian", "red hat", "rhel", "centos", "rocky", "alma", "fedora", "suse",
          "amazon linux", "oracle linux", "arch linux", "alpine")


def normalise_package(name: str) -> str:
    """A package name as PEP 503 compares them ("TensorRT_LLM" is "tensorrt-llm")."""
    return re.sub(r"[-_.\s]+", "-", name.strip()).lower()


def _family(text: str) -> str:
    low = text.lower()
    if low.startswith("linux") or any(w in low for w in _LINUX):
        return "linux"
    if "windows" in low:
        return "windows"
    if low.startswith(("macos", "darwin", "mac os")):
        return "macos"
    return ""


def _first_number(text: str) -> str:
    m = _NUMBER.search(text)
    return m.group(0) if m else ""


def _last_number(text: str) -> str:
    found = _NUMBER.findall(text)
    return found[-1] if found else ""


def read_versions(text: str, package: str) -> dict[str, str]:
    """The values a version output states: cuda, gcc, python, os (family), os_release, driver, cann,
    gpus (one name a line) and runtime_version (of ``package``). The first statement of each wins,
    in the order the keys of a ``collect_env`` report put the toolkit first (CUDA used to build
    PyTorch, then the CUDA runtime, then nvcc, then the image's CUDA_VERSION)."""
    out: dict[str, str] = {}
    cuda: dict[int, str] = {}
    gpus: list[str] = []
    want = normalise_package(package)
    in_gpus = False
    pip_name = ""

    def put(key: str, value: str) -> None:
        if value and key not in out:
            out[key] = value

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            in_gpus = False
            continue
        g = _GPU_LINE.match(line)
        if g and (in_gpus or line.startswith("GPU 0")):
            gpus.append(g.group(1))
            continue
        in_gpus = False
        if m := _NVCC.search(line):
            cuda.setdefault(3, m.group(1))
            continue
        if m := _GCC.match(line):
            put("gcc", m.group(1))
            continue
        if m := _PYTHON.match(line):
            put("python", m.group(1))
            continue
        if m := _PIP.match(line):
            if normalise_package(m.group(1)) == want:
                put("runtime_version", m.group(2).lstrip("v"))
            continue
        if line == "Linux":  # uname -s
            put("os", "linux")
            continue
        kv = _KEY_VALUE.match(line)
        if not kv:
            continue
        key, value = " ".join(kv.group(1).lower().split()), kv.group(2).strip().strip('"')
        if value.lower() in ("", "n/a", "could not collect", "none"):
            if key == "gpu models and configuration":
                in_gpus = True
            continue
        if key == "cuda used to build pytorch":
            cuda.setdefault(1, _first_number(value))
        elif key == "cuda runtime version":
            cuda.setdefault(2, _first_number(value))
        elif key in ("cuda_version", "cuda version", "cuda"):
            cuda.setdefault(4, _first_number(value))
        elif key == "gcc version":
            put("gcc", _last_number(value))
        elif key == "python version":
            put("python", _first_number(value))
        elif key == "python platform":
            put("os", _family(value))
        elif key in ("os", "pretty_name"):
            put("os_release", value)
            put("os", _family(value))
        elif key == "nvidia driver version":
            put("driver", _first_number(value))
        elif key in ("cann", "cann version"):
            put("cann", value.split()[0])
        elif key == "gpu models and configuration":
            if g := _GPU_LINE.match(value):
                gpus.append(g.group(1))
            in_gpus = True
        elif key == "name":
            pip_name = normalise_package(value)
        elif key == "version" and pip_name == want:  # `pip show PACKAGE`
            put("runtime_version", value.split()[0])
        elif key in (f"{want} version", want, f"{want.replace('-', '_')} version"):
            m = _VERSION_TOKEN.match(value)
            if m:
                put("runtime_version", m.group(1))
    for rank in sorted(cuda):
        if cuda[rank]:
            put("cuda", cuda[rank])
            break
    if gpus:
        out["gpus"] = "\n".join(dict.fromkeys(gpus))
    return {k: v for k, v in out.items() if v}


# ---------------------------------------------------------------------------------------------
# the lock file


def read_lock(text: str, package: str) -> LockSummary:
    """What a lock file pins; ValueError (the reason) for text that is no lock file read here."""
    want = normalise_package(package)
    lines = [ln.strip() for ln in text.splitlines()]
    meaningful = [ln for ln in lines if ln and not ln.startswith("#")]
    if meaningful and meaningful[0] == "@EXPLICIT":
        urls = [ln for ln in meaningful[1:] if not ln.startswith("@")]
        version = ""
        for url in urls:
            name = url.rsplit("/", 1)[-1]
            for ext in (".conda", ".tar.bz2"):
                name = name.removesuffix(ext)
            parts = name.rsplit("-", 2)  # name-version-build
            if len(parts) == 3 and normalise_package(parts[0]) == want:
                version = parts[1]
        if not urls:
            raise ValueError(_("a `conda list --explicit` file with no package"))
        return LockSummary(LockFormat.CONDA, len(urls), runtime_version=version)
    stripped = text.lstrip()
    if stripped.startswith("{"):
        return _pipfile_lock(text, want)
    try:
        toml = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        toml = None
    if toml is not None and isinstance(toml.get("package"), list):
        return _toml_lock(toml, want)
    return _requirements(lines, want)


def _summary(fmt: LockFormat, total: int, unpinned: list[str], version: str) -> LockSummary:
    return LockSummary(fmt, total, tuple(unpinned[:MAX_UNPINNED]), len(unpinned), version)


def _toml_lock(toml: dict[str, Any], want: str) -> LockSummary:
    meta = toml.get("metadata")
    fmt = LockFormat.POETRY if isinstance(meta, dict) and ("lock-version" in meta or "content-hash" in meta) \
        else LockFormat.UV
    total = 0
    unpinned: list[str] = []
    version = ""
    for i, pkg in enumerate(toml["package"]):
        if not isinstance(pkg, dict) or not isinstance(pkg.get("name"), str):
            raise ValueError(_("package {n} has no name").format(n=i + 1))
        source = pkg.get("source")
        if isinstance(source, dict) and ({"editable", "virtual"} & set(source)):
            continue  # the project itself, not a dependency it pins
        total += 1
        v = pkg.get("version")
        if not isinstance(v, str) or not v:
            unpinned.append(pkg["name"])
        elif normalise_package(pkg["name"]) == want:
            version = v
    if not total:
        raise ValueError(_("a lock file with no package"))
    return _summary(fmt, total, unpinned, version)


def _pipfile_lock(text: str, want: str) -> LockSummary:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(_("not valid JSON at line {line}: {reason}").format(line=exc.lineno, reason=exc.msg)) from None
    if not isinstance(doc, dict) or "_meta" not in doc:
        raise ValueError(_("a JSON file that is not a Pipfile.lock (no _meta)"))
    total = 0
    unpinned: list[str] = []
    version = ""
    for section in ("default", "develop"):
        for name, spec in (doc.get(section) or {}).items():
            total += 1
            v = spec.get("version", "") if isinstance(spec, dict) else ""
            ref = spec.get("ref", "") if isinstance(spec, dict) else ""
            if isinstance(v, str) and v.startswith("==") and "*" not in v:
                if normalise_package(name) == want:
                    version = v[2:]
            elif not (isinstance(ref, str) and re.fullmatch(r"[0-9a-f]{40}", ref)):
                unpinned.append(name)
    if not total:
        raise ValueError(_("a lock file with no package"))
    return _summary(LockFormat.PIPFILE, total, unpinned, version)


def _requirements(lines: list[str], want: str) -> LockSummary:
    logical: list[tuple[int, str]] = []
    pending, start = "", 0
    for n, ln in enumerate(lines, start=1):
        if not pending:
            start = n
        if ln.endswith("\\"):
            pending += ln[:-1] + " "
            continue
        full = (pending + ln).strip()
        pending = ""
        full = re.sub(r"(^|\s)#.*$", "", full).strip()
        if full:
            logical.append((start, full))
    total = 0
    unpinned: list[str] = []
    version = ""
    for n, line in logical:
        if line.startswith(("-e ", "--editable")):
            total += 1
            unpinned.append(line.split(None, 1)[-1])
            continue
        if line.startswith("-"):  # --index-url, --hash on its own line, -c constraints: not a package
            continue
        spec = re.sub(r"\s--hash[= ]\S+", "", line).strip()
        try:
            req = Requirement(spec)
        except InvalidRequirement as exc:
            raise ValueError(_("line {line} is neither a requirement nor an option ({reason}): not a lock file "
                               "deepdecide reads (uv.lock, poetry.lock, Pipfile.lock, name==version lines, conda "
                               "list --explicit)").format(line=n, reason=exc)) from None
        total += 1
        pins = list(req.specifier)
        exact = len(pins) == 1 and pins[0].operator in ("==", "===") and "*" not in pins[0].version
        url = req.url or ""
        by_url = "#sha256=" in url or re.search(r"@[0-9a-f]{40}\b", url) is not None
        if exact or by_url:
            if exact and normalise_package(req.name) == want:
                version = pins[0].version
        else:
            unpinned.append(req.name)
    if not total:
        raise ValueError(_("no package in it: not a lock file deepdecide reads (uv.lock, poetry.lock, "
                           "Pipfile.lock, name==version lines, conda list --explicit)"))
    return _summary(LockFormat.REQUIREMENTS, total, unpinned, version)


# ---------------------------------------------------------------------------------------------
# what a workspace may hold


_TEXT_FIELDS = ("runtime", "runtime_version", "gpu_name", "driver", "driver_cuda", "cuda", "cann", "os",
                "os_release", "gcc", "python", "image")


def safe_environment(env: EnvironmentCapture, flags: list[Message], findings: list[Finding]) -> EnvironmentCapture:
    """The capture with its texts cleaned as every imported text is (valid Unicode, bounded, secrets
    redacted: an image reference may carry a registry password)."""

    changes: dict[str, Any] = {}
    for name in _TEXT_FIELDS:
        value = getattr(env, name)
        clean = clean_text(value, msg("environment.place", "environment capture {field}", field=name), flags, findings)
        if clean != value:
            changes[name] = clean
    parts = tuple(replace(p, file_name=clean_text(p.file_name, msg("environment.place_part", "environment "
                                                                       "capture part"), flags, findings, path=True))
                  for p in env.parts)
    if parts != env.parts:
        changes["parts"] = parts
    if env.lock is not None:
        names = tuple(clean_text(n, msg("environment.place_lock", "lock file entry"), flags, findings)
                      for n in env.lock.unpinned)
        if names != env.lock.unpinned:
            changes["lock"] = replace(env.lock, unpinned=names)
    return replace(env, **changes) if changes else env

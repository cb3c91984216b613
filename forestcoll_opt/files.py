"""Reading input files and writing output files safely.

Inputs: text must be UTF-8 JSON, optionally gzip-compressed (recognised by its content,
whatever the name); a file that is not, a compressed file that is damaged or expands beyond
:data:`MAX_EXPANDED` bytes, or JSON nested too deeply for the parser, raises the caller's
typed error naming the file.

Outputs (``-o``, ``--csv``, ``--write-lp`` …) follow one set of rules:

* :func:`check_output` runs *before* any computation: a missing folder, a folder in place
  of a file, an unwritable destination, or an output that is one of the command's input
  files is refused with one line.
* ``-`` means standard output.
* A regular file (or a new one) is replaced atomically: the text goes to a temporary file in
  the same folder, which is renamed over the destination only once it is complete, so a
  failed run never leaves a partial file. A symbolic link is followed: its target is written
  and the link stays. The file gets the mode of the file it replaces, or for a new file the
  mode the process umask gives (``0o666 & ~umask``), like any ordinary program's output.
* Anything else that already exists — a FIFO, a character device such as ``/dev/null`` —
  is opened and written directly, never replaced by a regular file.
* :func:`write_outputs` writes several files as a set: all of them or none.
* A file name ending in ``.gz`` is written gzip-compressed (with no time stamp or name in
  the header, so the same text gives the same bytes).
"""

from __future__ import annotations

import gzip
import io
import json
import os
import zlib
import stat
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, Iterable, Iterator, Mapping

from .errors import ForestCollError, OutputError

STDOUT = "-"
MAX_EXPANDED = 4 * 2**30     # bytes a compressed input may expand to


# --- input ---------------------------------------------------------------------------------

def display_path(path: str | bytes | os.PathLike) -> str:
    """A path for a one-line message: as written when every character is printable,
    otherwise quoted with escapes (a newline, a NUL or an undecodable byte in a name)."""
    text = os.fspath(path)
    if isinstance(text, str) and text.isprintable():
        return text
    return repr(text)


def read_bytes(path: str | os.PathLike, error: type[Exception], what: str, *,
               limit: int | None = None) -> bytes:
    """A file's bytes (at most ``limit`` + 1 of them when ``limit`` is given, so that the
    caller can refuse a larger file unread), or ``error`` saying which file of what kind
    could not be read."""
    try:
        with open(path, "rb") as handle:
            return handle.read() if limit is None else handle.read(limit + 1)
    except OSError as exc:
        raise error(f"{display_path(path)}: cannot read {what} file "
                    f"({exc.strerror or exc})") from None
    except ValueError:   # a NUL, or a character the file system's encoding cannot hold
        raise error(f"{display_path(path)}: cannot read {what} file (not a valid file "
                    f"name)") from None


def read_text(path: str | os.PathLike, error: type[Exception], what: str) -> str:
    """A file's UTF-8 text, or ``error`` saying which file of what kind could not be read."""
    p = Path(path)
    data = read_bytes(p, error, what)
    if data[:2] == b"\x1f\x8b":
        data = gunzip(data, error, f"{display_path(p)}: the {what} file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{display_path(p)}: the {what} file is not UTF-8 text (byte "
                    f"{exc.start}); save it as UTF-8 JSON") from None


def gunzip(data: bytes, error: type[Exception], label: str, *, limit: int | None = None,
           what: str = "it cannot be a schedule or topology this program wrote") -> bytes:
    """The content of gzip ``data`` (every member), refusing damage and expansion beyond
    ``limit`` bytes (default :data:`MAX_EXPANDED`; a small file can expand to terabytes);
    ``what`` ends the message of that refusal."""
    limit = MAX_EXPANDED if limit is None else limit
    out = bytearray()
    rest = data
    try:
        while rest:
            unzip = zlib.decompressobj(wbits=31)
            chunk = unzip.decompress(rest, limit + 1 - len(out))
            out += chunk
            if len(out) > limit:
                size = (f"{limit // 2**30} GiB" if limit >= 2**30 else f"{limit // 2**20} MiB")
                raise error(f"{label} expands beyond {size}; {what}")
            if not unzip.eof:
                raise error(f"{label} is a truncated gzip file; write it again")
            rest = unzip.unused_data
            while rest[:1] == b"\x00":          # padding after the last member
                rest = rest[1:]
    except zlib.error as exc:
        raise error(f"{label} is a damaged gzip file ({exc})") from None
    return bytes(out)


def parse_json(text: str, error: type[Exception], source: str, **kwargs: Any) -> Any:
    """``json.loads`` that raises ``error`` naming ``source`` on any malformed input
    (syntax, nesting too deep for the parser, integers too long to convert)."""
    kwargs.setdefault("object_pairs_hook", _unique_keys(error, source))
    try:
        return json.loads(text, **kwargs)
    except json.JSONDecodeError as exc:
        raise error(f"{source}: not valid JSON ({exc})") from None
    except ForestCollError:
        raise
    except RecursionError:
        raise error(f"{source}: JSON nested too deeply to read; a topology or schedule "
                    f"needs only a few levels") from None
    except ValueError as exc:      # e.g. an integer literal beyond Python's digit limit
        raise error(f"{source}: JSON value out of range ({exc})") from None


def _unique_keys(error: type[Exception], source: str):
    """An ``object_pairs_hook`` that refuses a key repeated in one object (JSON allows it,
    and parsers silently keep one of the values)."""
    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        obj: dict[str, Any] = {}
        for key, value in pairs:
            if key in obj:
                raise error(f"{source}: key {key[:40]!r} appears twice in one object; keep one")
            obj[key] = value
        return obj
    return hook


# --- output --------------------------------------------------------------------------------

def check_output(path: str | os.PathLike | None, *, option: str = "-o",
                 inputs: Iterable[str | os.PathLike] = ()) -> None:
    """Refuse, before any work is done, an output destination that cannot be written."""
    if path is None or os.fspath(path) == STDOUT:
        return
    label = f"{option} {display_path(path)}"
    if not os.fspath(path).strip():
        raise OutputError(f"{option}: empty file name")
    try:
        _check_destination(Path(path), label, inputs)
    except ValueError:      # a NUL, or a character the file system's encoding cannot hold
        raise OutputError(f"{label}: not a valid file name; choose another") from None
    except OSError as exc:  # e.g. a name too long
        raise OutputError(f"{label}: cannot write ({exc.strerror or exc}); choose another "
                          f"file") from None


def _check_destination(p: Path, label: str, inputs: Iterable[str | os.PathLike]) -> None:
    target = Path(os.path.realpath(p))
    if target.is_dir():
        raise OutputError(f"{label}: is a directory; give a file name inside it")
    folder = target.parent
    if not folder.is_dir():
        raise OutputError(f"{label}: folder {display_path(p.parent)} does not exist; create "
                          f"it first")
    for source in inputs:
        try:
            if Path(source).is_file() and os.path.samefile(source, target):
                raise OutputError(f"{label}: is also an input of this command; write the "
                                  f"result to another file")
        except (OSError, ValueError):
            continue
    if target.exists():
        if not os.access(target, os.W_OK):
            raise OutputError(f"{label}: permission denied; choose a file you can write")
        if target.is_file() and not os.access(folder, os.W_OK | os.X_OK):
            raise OutputError(f"{label}: cannot replace it, folder {display_path(folder)} is "
                              f"not writable")
    elif not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(f"{label}: folder {display_path(folder)} is not writable; choose "
                          f"another folder")


def write_output(path: str | os.PathLike, text: str) -> None:
    """Write ``text`` to ``path`` by the rules of this module (``-``: standard output)."""
    write_outputs({path: text})


def write_outputs(texts: Mapping[str | os.PathLike, str]) -> None:
    """Write several files as a set: every regular file is staged first and renamed into
    place only once all are staged, so a failure leaves none of them changed."""
    staged: list[tuple[str, Path]] = []
    direct: list[tuple[Path, bytes]] = []
    try:
        for path, text in texts.items():
            if os.fspath(path) == STDOUT:
                continue
            data = _encode(path, text)
            target = Path(os.path.realpath(path))
            if target.exists() and not target.is_file():
                direct.append((target, data))          # FIFO, device: write in place
            else:
                staged.append((_stage(target, data, path), target))
        for target, text in direct:
            _write_direct(target, text)
        for tmp, target in staged:
            os.replace(tmp, target)
        staged.clear()
    finally:
        for tmp, _ in staged:
            try:
                os.unlink(tmp)
            except OSError:
                pass
    for path, text in texts.items():
        if os.fspath(path) == STDOUT:
            sys.stdout.write(text)
            sys.stdout.flush()


@contextmanager
def streaming_output(path: str | os.PathLike) -> Iterator[IO[str]]:
    """A text stream for output that grows row by row (``sweep-k --csv``). The rows go to a
    staged file that is moved into place when the block ends — normally, on Ctrl-C or on an
    error — so whatever complete rows were written are kept and nothing half-written is."""
    if os.fspath(path) == STDOUT:
        yield sys.stdout
        return
    target = Path(os.path.realpath(path))
    if target.exists() and not target.is_file():
        try:
            fh = open(target, "w", encoding="utf-8")
        except OSError as exc:
            raise OutputError(f"{display_path(path)}: cannot write ({exc.strerror})") from None
        with fh:
            yield fh
        return
    tmp = _stage(target, b"", path)
    try:
        with open(tmp, "ab") as raw:
            if os.fspath(path).lower().endswith(".gz"):
                with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as packed, \
                        io.TextIOWrapper(packed, encoding="utf-8", newline="") as fh:
                    yield fh
            else:
                with io.TextIOWrapper(raw, encoding="utf-8", newline="") as fh:
                    yield fh
    finally:
        os.replace(tmp, target)


def _encode(path: str | os.PathLike, text: str) -> bytes:
    """UTF-8 bytes, gzip-compressed (deterministically) when the name ends in ``.gz``."""
    data = text.encode("utf-8")
    if os.fspath(path).lower().endswith(".gz"):
        data = gzip.compress(data, compresslevel=6, mtime=0)
    return data


def _stage(target: Path, data: bytes, shown: str | os.PathLike) -> str:
    """A complete temporary copy of ``data`` beside ``target``, with the mode it will keep."""
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    except OSError as exc:
        raise OutputError(f"{display_path(shown)}: cannot write ({exc.strerror})") from None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    except OSError as exc:
        raise OutputError(f"{display_path(shown)}: cannot write ({exc.strerror})") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, mode)
    except OSError as exc:
        os.unlink(tmp)
        raise OutputError(f"{display_path(shown)}: cannot write ({exc.strerror})") from None
    except BaseException:
        os.unlink(tmp)
        raise
    return tmp


def _write_direct(target: Path, data: bytes) -> None:
    try:
        with open(target, "wb") as fh:
            fh.write(data)
    except OSError as exc:
        raise OutputError(f"{display_path(target)}: cannot write ({exc.strerror})") from None


def _umask() -> int:
    """The process umask (read without changing it where /proc allows)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    old = os.umask(0o022)
    os.umask(old)
    return old

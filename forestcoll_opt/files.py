"""Reading input files and writing output files safely.

Inputs are read on one bounded path (:func:`read_bytes`, :func:`read_text`, :func:`gunzip`):

* Every kind of input has a size limit, the most its format can need (docs/formats.md,
  "Size limits"): :data:`MAX_TOPOLOGY`, :data:`MAX_SCHEDULE`, :data:`MAX_WEIGHTS`, and
  the limits of the NCCL and MSCCL readers. A regular file larger than its limit is refused
  unread; anything else (a pipe, a FIFO, a character device such as ``/dev/zero``) is read
  in chunks and refused as soon as it passes the limit. A FIFO that no program opens for
  writing within :data:`READ_TIMEOUT` seconds is refused instead of waited for forever.
* Text is UTF-8 JSON, optionally gzip-compressed (recognised by its content, whatever the
  name). It is decompressed in chunks, and refused as soon as it expands beyond the limit
  of its kind, or beyond :data:`RATIO_FLOOR` bytes to more than :data:`MAX_RATIO` times
  the compressed bytes read so far (the JSON this program writes compresses 20 to 120
  times; a decompression bomb about 1000 times), so that a bomb is refused after a few
  MiB of work, not gigabytes. Damage, JSON nested too deeply for the parser, or a file
  with no JSON in it raises the caller's typed error naming the file.

Outputs (every file a command writes) follow one set of rules:

* :func:`check_output` runs *before* any computation: an empty name, a missing folder (a
  symbolic link's target folder included: the message names the link), a folder in place
  of a file, an unwritable destination (tried by creating and removing a file in its
  folder, which holds for root and read-only file systems too), or an output that is one
  of the command's input files is refused with one line naming the output as the caller
  labels it (the command line passes its option, ``-o`` or ``--csv``).
  :func:`check_output_folder` does the same for a folder an export fills (new or empty).
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
import re
import select
import stat
import sys
import tempfile
import time
import zlib
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, Iterable, Iterator, Mapping

from .display import article
from .errors import ForestCollError, OutputError

STDOUT = "-"

# Size limits by kind of input, in bytes of (decompressed) text; docs/formats.md, "Size
# limits". A schedule holds every tree edge with its path: the largest the toolkit writes,
# the NCCL ring baseline on 1024 GPUs, is 835 MB, and reading one takes about 7.5 bytes of
# memory per byte of JSON, so 1 GiB is also about what a 24 GB machine can verify. A
# topology lists nodes and links once (a 1024-GPU DGX H100 network is 0.4 MB); shard
# weights one number per compute node.
MAX_SCHEDULE = 2**30
MAX_TOPOLOGY = 256 * 2**20
MAX_WEIGHTS = 16 * 2**20
MAX_RATIO = 400              # decompressed / compressed bytes, beyond RATIO_FLOOR
RATIO_FLOOR = 16 * 2**20
READ_TIMEOUT = 10.0          # seconds a FIFO may stay without a writer
_CHUNK = 1 << 20             # bytes read or decompressed per step
_PIECE = 1 << 16             # compressed bytes fed to the decompressor per step
_BLANK = re.compile(rb"[ \t\n\r]*")


# --- input ---------------------------------------------------------------------------------

def display_path(path: str | bytes | os.PathLike) -> str:
    """A path for a one-line message: as written when every character is printable,
    otherwise quoted with escapes (a newline, a NUL or an undecodable byte in a name)."""
    text = os.fspath(path)
    if isinstance(text, str) and text.isprintable():
        return text
    return repr(text)


def size_text(limit: int) -> str:
    """``limit`` bytes for a message: "1 GiB", "16 MiB", "100 bytes"."""
    for unit, name in ((2**30, "GiB"), (2**20, "MiB"), (2**10, "KiB")):
        if limit >= unit and limit % unit == 0:
            return f"{limit // unit} {name}"
    return f"{limit} bytes"


def read_bytes(path: str | os.PathLike, error: type[Exception], what: str, *,
               limit: int, timeout: float | None = None) -> bytes:
    """A text file's bytes (JSON or XML, possibly gzip-compressed), or ``error`` saying
    which file of what kind could not be read: more than ``limit`` bytes (a regular file
    is refused unread, anything else as soon as it passes ``limit``), a raw NUL byte
    outside gzip data (no JSON or XML text holds one: ``/dev/zero`` is refused at its
    first chunk), a directory, or a FIFO without a writer for ``timeout`` seconds
    (default :data:`READ_TIMEOUT`)."""
    shown = display_path(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise error(f"{shown}: cannot read {what} file ({exc.strerror or exc})") from None
    except (ValueError, TypeError):   # a NUL, or a character the file system cannot hold
        raise error(f"{shown}: cannot read {what} file (not a valid file name)") from None
    intake = _Intake(limit, error, shown, what)
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise error(f"{shown}: is a directory, not {article(_noun(what))} file")
        if stat.S_ISREG(info.st_mode):
            if info.st_size > limit:
                raise intake.too_large()
            _read_regular(fd, intake)
        else:
            _read_stream(fd, intake, READ_TIMEOUT if timeout is None else timeout)
    except OSError as exc:
        raise error(f"{shown}: cannot read {what} file ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    return bytes(intake.data)


def _noun(what: str) -> str:
    return what.removeprefix("the ")


class _Intake:
    """The bytes read so far, refused as soon as they pass the limit or hold a NUL byte
    that is not inside gzip data."""

    def __init__(self, limit: int, error: type[Exception], shown: str, what: str) -> None:
        self.data = bytearray()
        self.limit, self.error, self.shown, self.what = limit, error, shown, what

    def room(self) -> int:
        """How many bytes the next read may take: up to one past the limit."""
        return min(_CHUNK, self.limit + 1 - len(self.data))

    def full(self) -> bool:
        return len(self.data) > self.limit

    def add(self, chunk: bytes) -> None:
        start = len(self.data)
        self.data += chunk
        if self.full():
            raise self.too_large()
        if self.data[:2] != b"\x1f\x8b" and (at := chunk.find(b"\0")) >= 0:
            raise self.error(f"{self.shown}: byte {start + at} is a NUL, which no "
                             f"{_noun(self.what)} file holds; give a UTF-8 text file "
                             f"(or its gzip)")

    def too_large(self) -> Exception:
        return self.error(f"{self.shown}: larger than {size_text(self.limit)}, the limit for "
                          f"{_noun(self.what)} files (docs/formats.md, \"Size limits\"); "
                          f"give the right file")


def _read_regular(fd: int, intake: _Intake) -> None:
    """A regular file up to its end (one that grows, or a /proc file that says it is
    empty, may hold more than its size said, hence the limit again)."""
    while chunk := os.read(fd, intake.room()):
        intake.add(chunk)


def _read_stream(fd: int, intake: _Intake, timeout: float) -> None:
    """A pipe, FIFO, socket or device, read without blocking, chunk by chunk. Until the
    first byte arrives the wait is bounded by ``timeout`` unless a writer is known to be
    there (a FIFO opened by nobody reads as empty, a FIFO whose writer is still working
    as "try again")."""
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    deadline = time.monotonic() + timeout
    writer = False
    while True:
        try:
            chunk = os.read(fd, intake.room())
        except BlockingIOError:             # a writer is connected but has sent nothing yet
            writer = True
            poller.poll()
            continue
        if chunk:
            intake.add(chunk)
            writer = True
            continue
        if writer or not stat.S_ISFIFO(os.fstat(fd).st_mode):
            return                          # the end of the data
        left = deadline - time.monotonic()
        if left <= 0:
            raise intake.error(f"{intake.shown}: nothing is writing to this FIFO (waited "
                               f"{timeout:g} s); start the program that writes the "
                               f"{_noun(intake.what)} first, or give a file")
        if poller.poll(max(1, int(left * 1000))):
            writer = True                   # a writer came: data, or its end


def read_text(path: str | os.PathLike, error: type[Exception], what: str, *,
              limit: int) -> str:
    """A file's UTF-8 text, decompressed if it is gzip, at most ``limit`` bytes of it, or
    ``error`` saying which file of what kind could not be read."""
    shown = display_path(path)
    data: bytes | bytearray = read_bytes(path, error, what, limit=limit)
    if data[:2] == b"\x1f\x8b":
        data = _inflate(data, error, f"{shown}: the {what} file", limit,
                        f"it cannot be {article(_noun(what))} file this program wrote")
    return decode_json_text(data, error, shown, what)


def decode_json_text(data: bytes | bytearray, error: type[Exception], shown: str,
                     what: str) -> str:
    """UTF-8 text that holds something besides blanks, or ``error`` naming the file."""
    if _BLANK.fullmatch(data):
        raise error(f"{shown}: the {what} file is empty (no JSON in it)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{shown}: the {what} file is not UTF-8 text (byte {exc.start}); save it "
                    f"as UTF-8 JSON") from None


def gunzip(data: bytes, error: type[Exception], label: str, *, limit: int,
           what: str = "it cannot be a schedule or topology this program wrote") -> bytes:
    """The content of gzip ``data`` (every member, NUL padding after the last allowed),
    refusing damage, expansion beyond ``limit`` bytes, and expansion beyond
    :data:`RATIO_FLOOR` bytes to more than :data:`MAX_RATIO` times the compressed bytes
    read so far; ``what`` ends the message of a refusal."""
    return bytes(_inflate(data, error, label, limit, what))


def _inflate(data: bytes | bytearray, error: type[Exception], label: str, limit: int,
             what: str) -> bytearray:
    """:func:`gunzip` into a bytearray, decompressing in chunks of at most :data:`_CHUNK`
    bytes from pieces of :data:`_PIECE` compressed bytes, so that no step costs more than
    a chunk of memory beyond the output kept."""
    out = bytearray()
    view = memoryview(data)
    pos = 0                             # compressed bytes handed to the decompressor
    try:
        while pos < len(view):
            unzip = zlib.decompressobj(wbits=31)
            while not unzip.eof and pos < len(view):
                piece = view[pos:pos + _PIECE]
                pos += len(piece)
                while piece:
                    out += unzip.decompress(piece, _CHUNK)
                    piece = unzip.unconsumed_tail
                    _check_expansion(len(out), pos - len(piece), limit, error, label, what)
            if not unzip.eof:
                raise error(f"{label} is a truncated gzip file; write it again")
            pos -= len(unzip.unused_data)       # the next member starts there
            pos = _skip_zeros(view, pos)        # NUL padding after a member
    except zlib.error as exc:
        raise error(f"{label} is a damaged gzip file ({exc})") from None
    return out


def _skip_zeros(view: memoryview, pos: int) -> int:
    """The first position at or after ``pos`` that holds no NUL byte (linear: the padding
    is searched in blocks, never copied byte by byte)."""
    block = 1 << 16
    while pos < len(view):
        chunk = bytes(view[pos:pos + block])
        rest = chunk.lstrip(b"\x00")
        if rest:
            return pos + len(chunk) - len(rest)
        pos += len(chunk)
    return pos


def _check_expansion(size: int, consumed: int, limit: int, error: type[Exception],
                     label: str, what: str) -> None:
    if size > limit:
        raise error(f"{label} expands beyond {size_text(limit)}; {what}")
    if size > RATIO_FLOOR and size > MAX_RATIO * consumed:
        raise error(f"{label} expands more than {MAX_RATIO} times (a decompression bomb: "
                    f"JSON compresses 20 to 120 times); {what}")

def parse_json(text: str, error: type[Exception], source: str, **kwargs: Any) -> Any:
    """``json.loads`` that raises ``error`` naming ``source`` on any malformed input
    (syntax, nesting too deep for the parser, integers too long to convert, and the
    ``NaN``, ``Infinity`` and ``-Infinity`` tokens Python's parser accepts but JSON does
    not have)."""
    kwargs.setdefault("object_pairs_hook", _unique_keys(error, source))
    kwargs.setdefault("parse_constant", _no_constants(error, source))
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


def _no_constants(error: type[Exception], source: str):
    """A ``parse_constant`` hook that refuses ``NaN``, ``Infinity`` and ``-Infinity``
    (Python's ``json`` reads them as floats; no JSON number is one, and no value of our
    formats may be one)."""
    def hook(token: str) -> Any:
        raise error(f"{source}: {token} is not a JSON number (JSON has no NaN or "
                    f"infinity); write a finite number")
    return hook


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

def check_output(path: str | os.PathLike | None, *, label: str = "output",
                 inputs: Iterable[str | os.PathLike] = ()) -> None:
    """Refuse, before any work is done, an output destination that cannot be written: an
    empty name, a directory, a folder that does not exist (a symbolic link's target
    folder included), an output that is one of ``inputs``, a file or folder that cannot
    be written (tried by creating a file there, so a read-only file system or ``/proc``
    is refused even for root). ``-`` (standard output) and None pass.

    :param path: the destination
    :param label: how the message names the output (default ``output``; ``drawing``; the
        command line passes its option, ``-o`` or ``--csv``)
    :param inputs: the command's input files
    :raises OutputError: one line naming ``label`` and the path, and what to do
    """
    if path is None or os.fspath(path) == STDOUT:
        return
    if not os.fspath(path).strip():
        raise OutputError(f"{label}: empty file name; give a file name (- for standard "
                          f"output)")
    named = f"{label} {display_path(path)}"
    _guard(named, lambda: _check_destination(Path(path), named, inputs))


def check_output_folder(path: str | os.PathLike, *, label: str = "the export folder"
                        ) -> Path:
    """Refuse, before any work is done, a folder that cannot take an export: an empty
    name, a file, a folder that holds something, a symbolic link to nothing, a parent
    folder that does not exist or cannot be written. A new folder (its parent exists) or
    an empty one passes.

    :param path: the folder
    :param label: how the message names the folder (the command line passes its option,
        ``--export``)
    :returns: the folder as a path
    :raises OutputError: one line naming ``label`` and the path, and what to do
    """
    if not os.fspath(path).strip():
        raise OutputError(f"{label}: empty folder name; give a new or empty folder")
    if os.fspath(path) == STDOUT:
        raise OutputError(f"{label}: - (standard output) cannot hold a folder of files; give "
                          f"a new or empty folder")
    named = f"{label} {display_path(path)}"
    _guard(named, lambda: _check_folder(Path(path), named))
    return Path(path)


def _guard(label: str, check) -> None:
    try:
        check()
    except ValueError:      # a NUL, or a character the file system's encoding cannot hold
        raise OutputError(f"{label}: not a valid file name; choose another") from None
    except OSError as exc:  # e.g. a name too long
        raise OutputError(f"{label}: cannot write ({exc.strerror or exc}); choose another "
                          f"file") from None


def _dangling(p: Path, label: str, what: str) -> None:
    """Refuse a symbolic link (``p`` itself or a folder on its way) whose target's folder
    does not exist, naming the link and its target."""
    target = Path(os.path.realpath(p))
    if target.parent.is_dir():
        return
    link = next((q for q in (p, *p.parents) if q.is_symlink() and not q.exists()), None)
    if link is None:
        blocker = next((q for q in p.parents if q.exists()), None)
        if blocker is not None and not blocker.is_dir():
            raise OutputError(f"{label}: {display_path(blocker)} is a file, not a folder; "
                              f"give another {what}")
        raise OutputError(f"{label}: folder {display_path(p.parent)} does not exist; create "
                          f"it first")
    which = "is" if link == p else f"goes through {display_path(link)}, which is"
    raise OutputError(f"{label}: {which} a symbolic link to {display_path(os.readlink(link))}, "
                      f"and folder {display_path(target.parent)} does not exist; create it or "
                      f"give another {what}")


def _check_destination(p: Path, label: str, inputs: Iterable[str | os.PathLike]) -> None:
    target = Path(os.path.realpath(p))
    if target.is_dir():
        raise OutputError(f"{label}: is a directory; give a file name inside it")
    _dangling(p, label, "file")
    folder = target.parent
    for source in inputs:
        try:
            if Path(source).is_file() and os.path.samefile(source, target):
                raise OutputError(f"{label}: is also an input of this command; write the "
                                  f"result to another file")
        except (OSError, ValueError):
            continue
    if target.exists():
        if not target.is_file():
            return                          # a FIFO or a device: written in place
        if not os.access(target, os.W_OK):
            raise OutputError(f"{label}: permission denied; choose a file you can write")
    _try_folder(folder, label)              # the file is staged there, then renamed


def _check_folder(p: Path, label: str) -> None:
    if p.is_symlink() and not p.exists():
        raise OutputError(f"{label}: is a symbolic link to {display_path(os.readlink(p))}, "
                          f"which does not exist; create that folder or give another one")
    if p.exists():
        if not p.is_dir():
            raise OutputError(f"{label}: is a file; give a new or empty folder")
        if any(p.iterdir()):
            raise OutputError(f"{label}: is not empty; give a new or empty folder")
        _try_folder(Path(os.path.realpath(p)), label)
        return
    _dangling(p, label, "folder")
    _try_folder(Path(os.path.realpath(p)).parent, label)


def _try_folder(folder: Path, label: str) -> None:
    """Create and remove a file in ``folder``: the one test of writability that holds for
    root, read-only file systems and pseudo file systems alike."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=".forestcoll-check.", dir=folder)
    except OSError as exc:
        raise OutputError(f"{label}: cannot write in folder {display_path(folder)} "
                          f"({exc.strerror or exc}); choose another folder") from None
    os.close(fd)
    os.unlink(tmp)


def write_output(path: str | os.PathLike, text: str) -> None:
    """Write ``text`` to ``path`` by the rules of this module (``-``: standard output)."""
    write_outputs({path: text})


def write_outputs(texts: Mapping[str | os.PathLike, str]) -> None:
    """Write several files as a set: every regular file is staged first and renamed into
    place only once all are staged, so a failure leaves none of them changed."""
    _place({path: _encode(path, text) for path, text in texts.items()
            if os.fspath(path) != STDOUT})
    for path, text in texts.items():
        if os.fspath(path) == STDOUT:
            sys.stdout.write(text)
            sys.stdout.flush()


def write_binary(path: str | os.PathLike, data: bytes) -> None:
    """Write bytes (an image) to ``path`` by the rules of this module: staged then renamed
    into place; ``-`` writes them to standard output."""
    if os.fspath(path) == STDOUT:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    _place({path: data})


def _place(datas: Mapping[str | os.PathLike, bytes]) -> None:
    staged: list[tuple[str, Path]] = []
    direct: list[tuple[Path, bytes]] = []
    try:
        for path, data in datas.items():
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

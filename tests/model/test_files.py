"""Output files: checked before work starts, written atomically, never destructive. Input
files: read on one bounded path (size limits, decompression in chunks, FIFOs and devices)."""

import os
import stat
import subprocess
import threading

import pytest

from forestcoll_opt import files
from forestcoll_opt.errors import OutputError
from forestcoll_opt.files import check_output, streaming_output, write_output, write_outputs

LIMIT = files.MAX_SCHEDULE


def test_new_file_gets_the_umask_mode(tmp_path):
    old = os.umask(0o027)
    try:
        write_output(tmp_path / "a.txt", "x\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.txt").stat().st_mode) == 0o640
    assert (tmp_path / "a.txt").read_text() == "x\n"


def test_existing_file_keeps_its_mode(tmp_path):
    f = tmp_path / "a.txt"
    f.write_text("old")
    f.chmod(0o644)
    write_output(f, "new")
    assert stat.S_IMODE(f.stat().st_mode) == 0o644 and f.read_text() == "new"


def test_symlink_writes_its_target(tmp_path):
    target = tmp_path / "target.txt"
    link = tmp_path / "link.txt"
    link.symlink_to(target.name)
    write_output(link, "through the link")
    assert link.is_symlink() and target.read_text() == "through the link"


def test_fifo_is_written_not_replaced(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(open(fifo).read()))
    reader.start()
    write_output(fifo, "streamed")
    reader.join(5)
    assert got == ["streamed"]
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_device_is_written_not_replaced():
    write_output("/dev/null", "nothing")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_full_device_is_an_error_and_stays_a_device():
    with pytest.raises(OutputError, match="No space left"):
        write_output("/dev/full", "x" * 100000)
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_stdout(capsys):
    write_output("-", "to stdout\n")
    assert capsys.readouterr().out == "to stdout\n"


def test_a_set_is_written_all_or_nothing(tmp_path):
    good = tmp_path / "a.lp"
    missing = tmp_path / "no" / "b.mps"
    with pytest.raises(OutputError):
        write_outputs({good: "a", missing: "b"})
    assert not good.exists() and list(tmp_path.iterdir()) == []
    write_outputs({good: "a", tmp_path / "b.mps": "b"})
    assert good.read_text() == "a" and (tmp_path / "b.mps").read_text() == "b"


@pytest.mark.parametrize("case, match", [
    ("missing-folder", "does not exist"),
    ("folder", "is a directory"),
    ("input", "also an input"),
    ("empty", "empty file name"),
])
def test_check_output_refuses(tmp_path, case, match):
    inp = tmp_path / "in.json"
    inp.write_text("{}")
    path = {"missing-folder": tmp_path / "no" / "x.json", "folder": tmp_path,
            "input": inp, "empty": " "}[case]
    with pytest.raises(OutputError, match=match):
        check_output(path, inputs=[inp])


def test_check_output_refuses_an_input_reached_through_a_link(tmp_path):
    inp = tmp_path / "in.json"
    inp.write_text("{}")
    (tmp_path / "alias.json").symlink_to(inp)
    with pytest.raises(OutputError, match="also an input"):
        check_output(tmp_path / "alias.json", inputs=[str(inp)])


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_check_output_refuses_an_unwritable_folder(tmp_path):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    try:
        with pytest.raises(OutputError, match="cannot write in folder .*Permission denied"):
            check_output(ro / "x.json")
    finally:
        ro.chmod(0o700)


def test_streaming_output_keeps_complete_rows_on_interrupt(tmp_path):
    out = tmp_path / "rows.csv"
    with pytest.raises(KeyboardInterrupt):
        with streaming_output(out) as fh:
            fh.write("k,algbw\n1,8\n")
            raise KeyboardInterrupt
    assert out.read_text() == "k,algbw\n1,8\n"
    assert [p.name for p in tmp_path.iterdir()] == ["rows.csv"]


# --- gzip ---------------------------------------------------------------------------------

def test_gz_output_is_compressed_deterministically_and_read_back(tmp_path):
    import gzip

    from forestcoll_opt.files import read_text

    text = '{"a": 1}\n' * 1000
    write_output(tmp_path / "a.json.gz", text)
    first = (tmp_path / "a.json.gz").read_bytes()
    write_output(tmp_path / "b.JSON.GZ", text)
    assert first[:2] == b"\x1f\x8b" and len(first) < len(text) / 10
    assert first == (tmp_path / "b.JSON.GZ").read_bytes()        # no time stamp, no name
    assert gzip.decompress(first).decode() == text
    assert read_text(tmp_path / "a.json.gz", OutputError, "schedule", limit=LIMIT) == text
    # recognised by content, not name; several members are one text
    (tmp_path / "c.json").write_bytes(gzip.compress(b'{"a": ') + gzip.compress(b"1}"))
    assert read_text(tmp_path / "c.json", OutputError, "schedule", limit=LIMIT) == '{"a": 1}'


@pytest.mark.parametrize("damage, message", [
    (lambda b: b[:len(b) // 2], "truncated gzip"),
    (lambda b: b[:12] + bytes(x ^ 0xFF for x in b[12:40]) + b[40:], "damaged gzip"),
    (lambda b: b + b"\x1f\x8b\x08junk", "damaged gzip|truncated gzip"),
])
def test_damaged_gz_input_is_one_typed_error(tmp_path, damage, message):
    import gzip

    from forestcoll_opt.files import read_text

    f = tmp_path / "s.json.gz"
    f.write_bytes(damage(gzip.compress(b'{"format": "x"}' * 200, mtime=0)))
    with pytest.raises(OutputError, match=message):
        read_text(f, OutputError, "schedule", limit=LIMIT)


def test_gz_input_that_expands_too_far_is_refused(tmp_path):
    import gzip

    from forestcoll_opt import files

    f = tmp_path / "bomb.json.gz"
    f.write_bytes(gzip.compress(b" " * 10_001))
    with pytest.raises(OutputError, match="expands beyond 10000 bytes"):
        files.read_text(f, OutputError, "schedule", limit=10_000)
    f.write_bytes(gzip.compress(b"[" + b" " * 9_998 + b"]"))
    assert files.read_text(f, OutputError, "schedule", limit=10_000) == "[" + " " * 9_998 + "]"


def test_streamed_gz_output_keeps_complete_rows(tmp_path):
    import gzip

    with streaming_output(tmp_path / "rows.csv.gz") as fh:
        fh.write("k,algbw\n")
        fh.write("1,2\n")
    assert gzip.decompress((tmp_path / "rows.csv.gz").read_bytes()) == b"k,algbw\n1,2\n"


# --- bounded input ---------------------------------------------------------------------------

def space_bomb(gib: int) -> bytes:
    """A single gzip member that expands to ``gib`` GiB of spaces in about a MiB per GiB,
    made in milliseconds: after a full flush the compressor starts afresh, so every MiB of
    spaces compresses to the same bytes, which are repeated (the trailer is never reached)."""
    import zlib

    pack = zlib.compressobj(9, zlib.DEFLATED, 31)
    mib = b" " * 2**20
    head = pack.compress(mib) + pack.flush(zlib.Z_FULL_FLUSH)
    block = pack.compress(mib) + pack.flush(zlib.Z_FULL_FLUSH)
    assert block == pack.compress(mib) + pack.flush(zlib.Z_FULL_FLUSH)
    return head + block * (gib * 1024 - 1) + pack.flush()


def test_a_decompression_bomb_is_refused_after_a_few_mib(tmp_path):
    """4 GiB of spaces in 4 MB of gzip (the issue's bomb took 51 s and 12 GB): refused once
    it expands past 16 MiB at a ratio no JSON file has, holding little memory."""
    import tracemalloc

    bomb = space_bomb(4)
    assert len(bomb) < 5 * 2**20
    f = tmp_path / "bomb.json.gz"
    f.write_bytes(bomb)
    tracemalloc.start()
    try:
        with pytest.raises(OutputError, match="expands more than 400 times"):
            files.read_text(f, OutputError, "schedule", limit=LIMIT)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < len(bomb) + 2 * files.RATIO_FLOOR + 8 * 2**20


def test_a_bomb_below_the_ratio_floor_is_held_to_the_limit(tmp_path):
    f = tmp_path / "bomb.json.gz"
    f.write_bytes(space_bomb(1))
    with pytest.raises(OutputError, match="expands beyond 4 MiB"):
        files.read_text(f, OutputError, "topology", limit=4 * 2**20)


def test_nul_padding_after_a_member_is_skipped_in_linear_time(tmp_path):
    import gzip
    import time

    f = tmp_path / "padded.json.gz"
    f.write_bytes(gzip.compress(b"[1, ") + b"\0" * 2**20 + gzip.compress(b"2]") + b"\0" * 2**20)
    start = time.perf_counter()
    assert files.read_text(f, OutputError, "schedule", limit=LIMIT) == "[1, 2]"
    assert time.perf_counter() - start < 1        # was 13 s: one byte at a time


def test_a_regular_file_beyond_its_limit_is_refused_unread(tmp_path, monkeypatch):
    f = tmp_path / "big.json"
    f.write_bytes(b"[" + b" " * 2000 + b"]")
    monkeypatch.setattr(files, "_read_regular", None)      # never called
    with pytest.raises(OutputError, match=r"big.json: larger than 1 KiB, the limit for "
                                          r"schedule files \(docs/formats.md"):
        files.read_text(f, OutputError, "schedule", limit=1024)


def test_a_device_is_read_up_to_the_limit(tmp_path):
    """/dev/zero grew verify to 10 GB: its first byte already shows it is no text file."""
    import time

    start = time.perf_counter()
    with pytest.raises(OutputError, match="/dev/zero: byte 0 is a NUL, which no schedule file "
                                          "holds"):
        files.read_text("/dev/zero", OutputError, "schedule", limit=LIMIT)
    assert time.perf_counter() - start < 1
    with pytest.raises(OutputError, match="/dev/null: the schedule file is empty"):
        files.read_text("/dev/null", OutputError, "schedule", limit=LIMIT)


def test_a_text_stream_is_read_up_to_its_limit(tmp_path):
    """An endless stream of text (``yes``) stops at the limit."""
    with subprocess.Popen(["yes"], stdout=subprocess.PIPE) as proc:
        try:
            with pytest.raises(OutputError, match="/dev/fd/.*: larger than 1 MiB, the limit "
                                                  "for topology files"):
                files.read_text(f"/dev/fd/{proc.stdout.fileno()}", OutputError, "topology",
                                limit=2**20)
        finally:
            proc.kill()


def test_nul_bytes_count_only_outside_gzip(tmp_path):
    import gzip

    f = tmp_path / "s.json"
    f.write_bytes(b'{"a": 1}' + b"\0" * 10)
    with pytest.raises(OutputError, match="byte 8 is a NUL"):
        files.read_text(f, OutputError, "schedule", limit=LIMIT)
    f.write_bytes(gzip.compress(b'{"a": 1}', mtime=0))
    assert b"\0" in f.read_bytes()
    assert files.read_text(f, OutputError, "schedule", limit=LIMIT) == '{"a": 1}'


def test_a_fifo_without_a_writer_times_out(tmp_path):
    import time

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    start = time.perf_counter()
    with pytest.raises(OutputError, match="nothing is writing to this FIFO .waited 0.2 s."):
        files.read_bytes(fifo, OutputError, "schedule", limit=LIMIT, timeout=0.2)
    assert time.perf_counter() - start < 2


@pytest.mark.parametrize("delay", [0, 0.3])
def test_a_fifo_with_a_writer_is_read_to_its_end(tmp_path, delay):
    """A writer that opens late (within the time-out) or keeps the FIFO open silently
    beyond the time-out is waited for."""
    import time

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)

    def write() -> None:
        time.sleep(delay)
        with open(fifo, "wb") as fh:
            time.sleep(0.3)                     # connected, silent past the time-out
            fh.write(b"[" + b"1, " * 100_000 + b"2]")

    writer = threading.Thread(target=write)
    writer.start()
    try:
        data = files.read_bytes(fifo, OutputError, "schedule", limit=LIMIT, timeout=0.5)
    finally:
        writer.join()
    assert data == b"[" + b"1, " * 100_000 + b"2]"


def test_a_fifo_beyond_the_limit_is_refused(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)

    def write() -> None:
        try:
            with open(fifo, "wb") as fh:
                fh.write(b" " * 300_000)
        except BrokenPipeError:                 # the reader stopped at its limit
            pass

    writer = threading.Thread(target=write)
    writer.start()
    try:
        with pytest.raises(OutputError, match="larger than 100000 bytes"):
            files.read_bytes(fifo, OutputError, "schedule", limit=100_000)
    finally:
        writer.join()


@pytest.mark.parametrize("content, match", [
    (b"", "is empty"), (b" \n\t\r " * 1000, "is empty"), (b"\xff{}", "not UTF-8 text"),
])
def test_files_without_json_text(tmp_path, content, match):
    f = tmp_path / "s.json"
    f.write_bytes(content)
    with pytest.raises(OutputError, match=match):
        files.read_text(f, OutputError, "schedule", limit=LIMIT)


@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity"])
@pytest.mark.parametrize("where", ['{"k": %s}', '[1, {"a": [%s]}]', '{"s": "NaN", "v": %s}'])
def test_parse_json_refuses_the_tokens_json_does_not_have(token, where):
    # Python's json reads NaN, Infinity and -Infinity as floats; none is JSON, so every
    # reader of our formats (they all parse through parse_json) refuses them by name
    with pytest.raises(OutputError) as caught:
        files.parse_json(where % token, OutputError, "x.json")
    assert str(caught.value) == (f"x.json: {token} is not a JSON number (JSON has no NaN or "
                                 f"infinity); write a finite number")


def test_parse_json_keeps_the_strings_that_spell_those_tokens():
    assert files.parse_json('{"NaN": "Infinity", "v": 1.5}', OutputError, "x.json") == \
        {"NaN": "Infinity", "v": 1.5}


def test_a_directory_is_refused(tmp_path):
    with pytest.raises(OutputError, match="is a directory, not a schedule file"):
        files.read_text(tmp_path, OutputError, "schedule", limit=LIMIT)
    # "not a NCCL topology file", "not a MSCCL++ execution plan file" once
    for what, kind in (("the NCCL topology", "an NCCL topology"), ("groups", "a groups"),
                       ("MSCCL++ execution plan", "an MSCCL++ execution plan")):
        with pytest.raises(OutputError) as caught:
            files.read_bytes(tmp_path, OutputError, what, limit=LIMIT)
        assert str(caught.value) == f"{tmp_path}: is a directory, not {kind} file"


@pytest.mark.parametrize("name", ["no-such-file.json", "a\0b"])
def test_unreadable_names(tmp_path, name):
    with pytest.raises(OutputError, match="cannot read schedule file"):
        files.read_text(tmp_path / name, OutputError, "schedule", limit=LIMIT)


# --- destinations: links, folders, places even root cannot write ---------------------------

def test_check_output_names_a_dangling_link_and_its_missing_folder(tmp_path):
    (tmp_path / "out.json").symlink_to(tmp_path / "gone" / "x.json")
    with pytest.raises(OutputError) as err:
        check_output(tmp_path / "out.json")
    assert str(err.value) == (f"output {tmp_path}/out.json: is a symbolic link to {tmp_path}/gone/"
                              f"x.json, and folder {tmp_path}/gone does not exist; create it "
                              f"or give another file")


def test_check_output_names_no_command_line_option(tmp_path):
    """A library message names no CLI flag (docs/develop.md, "Errors"): the output is
    called "output" unless the caller labels it (the CLI passes -o, --csv ...)."""
    inp = tmp_path / "in.json"
    inp.write_text("{}")
    messages = []
    for path, inputs in ((tmp_path, ()), (" ", ()), (inp, (inp,)),
                         (tmp_path / "no" / "x.json", ())):
        with pytest.raises(OutputError) as err:
            check_output(path, inputs=inputs)
        messages.append(str(err.value))
    assert messages == [f"output {tmp_path}: is a directory; give a file name inside it",
                        "output: empty file name; give a file name (- for standard output)",
                        f"output {inp}: is also an input of this command; write the result "
                        f"to another file",
                        f"output {tmp_path}/no/x.json: folder {tmp_path}/no does not exist; "
                        f"create it first"]
    with pytest.raises(OutputError, match=f"^--csv {tmp_path}: is a directory"):
        check_output(tmp_path, label="--csv")


def test_check_output_follows_a_dangling_link_into_an_existing_folder(tmp_path):
    (tmp_path / "out.json").symlink_to(tmp_path / "x.json")
    check_output(tmp_path / "out.json")
    write_output(tmp_path / "out.json", "through\n")
    assert (tmp_path / "x.json").read_text() == "through\n"
    assert (tmp_path / "out.json").is_symlink()


def test_check_output_tries_the_folder_itself(tmp_path):
    """/proc refuses new files even to root, for whom os.access says yes."""
    with pytest.raises(OutputError, match=r"^--csv /proc/forestcoll\.csv: cannot write in "
                                          r"folder /proc \("):
        check_output("/proc/forestcoll.csv", label="--csv")
    before = sorted(tmp_path.iterdir())
    check_output(tmp_path / "fine.json")
    assert sorted(tmp_path.iterdir()) == before         # the trial file is gone


@pytest.mark.parametrize("case, match", [
    ("empty", r"^--export: empty folder name; give a new or empty folder$"),
    ("file", r"^--export .*/f: is a file; give a new or empty folder$"),
    ("full", r"^--export .*/full: is not empty; give a new or empty folder$"),
    ("dangling", r"^--export .*/dl: is a symbolic link to .*/gone, which does not exist; "
                 r"create that folder or give another one$"),
    ("missing parent", r"^--export .*/no/sub: folder .*/no does not exist; create it first$"),
    ("proc", r"^--export /proc/fc-export: cannot write in folder /proc \("),
])
def test_check_output_folder_refuses(tmp_path, case, match):
    from forestcoll_opt.files import check_output_folder

    (tmp_path / "f").write_text("x")
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "a").write_text("x")
    (tmp_path / "dl").symlink_to(tmp_path / "gone")
    path = {"empty": "", "file": tmp_path / "f", "full": tmp_path / "full",
            "dangling": tmp_path / "dl", "missing parent": tmp_path / "no" / "sub",
            "proc": "/proc/fc-export"}[case]
    with pytest.raises(OutputError, match=match):
        check_output_folder(path, label="--export")


def test_check_output_folder_accepts_new_empty_and_linked_folders(tmp_path):
    from forestcoll_opt.files import check_output_folder

    (tmp_path / "empty").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "empty")
    for path in (tmp_path / "new", tmp_path / "empty", tmp_path / "link"):
        assert check_output_folder(path) == path
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty", "link"]
    assert list((tmp_path / "empty").iterdir()) == []

"""Output files: checked before work starts, written atomically, never destructive."""

import os
import stat
import threading

import pytest

from forestcoll_opt.errors import OutputError
from forestcoll_opt.files import check_output, streaming_output, write_output, write_outputs


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
        with pytest.raises(OutputError, match="not writable"):
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
    assert read_text(tmp_path / "a.json.gz", OutputError, "schedule") == text
    # recognised by content, not name; several members are one text
    (tmp_path / "c.json").write_bytes(gzip.compress(b'{"a": ') + gzip.compress(b"1}"))
    assert read_text(tmp_path / "c.json", OutputError, "schedule") == '{"a": 1}'


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
        read_text(f, OutputError, "schedule")


def test_gz_input_that_expands_too_far_is_refused(tmp_path, monkeypatch):
    import gzip

    from forestcoll_opt import files

    monkeypatch.setattr(files, "MAX_EXPANDED", 10_000)
    f = tmp_path / "bomb.json.gz"
    f.write_bytes(gzip.compress(b" " * 10_001))
    with pytest.raises(OutputError, match="expands beyond"):
        files.read_text(f, OutputError, "schedule")
    f.write_bytes(gzip.compress(b" " * 10_000))
    assert files.read_text(f, OutputError, "schedule") == " " * 10_000


def test_streamed_gz_output_keeps_complete_rows(tmp_path):
    import gzip

    with streaming_output(tmp_path / "rows.csv.gz") as fh:
        fh.write("k,algbw\n")
        fh.write("1,2\n")
    assert gzip.decompress((tmp_path / "rows.csv.gz").read_bytes()) == b"k,algbw\n1,2\n"

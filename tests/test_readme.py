"""The README's commands, run top to bottom as a user would type them, in an empty folder
(with the repository's ``examples/`` and ``tests/data/`` beside it, as in a checkout).

A command whose comment says ``BELOW`` must exit 1 (the verifier's "valid, not optimal");
every other command must exit 0. The install and test lines are not run (this is the test
run), nor the ``--dask`` line (it needs a cluster). The two 1024-GPU lines take about a
minute: they run under the ``slow`` marker only when ``FORESTCOLL_README_FULL`` is set.
What a command's comment claims it prints (an exact fraction, a decimal, a number of two
digits or more that is not a time or a percentage; OPTIMAL, BELOW, OK) must be in what it
prints.

Not slow: the "What it prints" blocks (lines ``$ forestcoll ...`` followed by the output)
are run and compared with what the commands print today, by the tutorial's rules
(``pagecommands.matches``: measured times masked, ``...`` for lines left out); and the
numbers the prose claims that commands print (``CLAIMS``) are compared with their output.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shlex
from fractions import Fraction
from pathlib import Path

import pytest
from pagecommands import checkout_like, environment, matches, run_line, run_python

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
FULL = bool(os.environ.get("FORESTCOLL_README_FULL"))


def blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", README.read_text(), re.S | re.M)


def commands() -> list[str]:
    """Every command line; ``pip install ... && rest`` counts as ``rest`` (installed here)."""
    lines = [line.strip() for block in blocks("bash") for line in block.splitlines()]
    lines = [line.split("&&", 1)[1].strip() if line.startswith("pip ") and "&&" in line
             else line for line in lines]
    return [line for line in lines if line and not line.startswith("#")]


def skipped(line: str) -> str | None:
    if line.startswith(("pip ", "pytest")):      # the install, or this very test run
        return "install or test line"
    if "--dask" in line:
        return "needs a Dask cluster"
    if "boxes=128" in line and not FULL:
        return "1024 GPUs: set FORESTCOLL_README_FULL=1"
    if line.startswith(("forestcoll draw", "forestcoll report")) \
            and importlib.util.find_spec("matplotlib") is None:
        return "drawing needs the draw extra (matplotlib)"      # the bare install of CI
    return None


def expected_exit(line: str) -> int:
    comment = line.partition("#")[2]
    return 1 if "BELOW" in comment else 0


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    return checkout_like(tmp_path_factory.mktemp("readme"), "examples")


def test_readme_examples_refer_to_shipped_files():
    for line in commands():
        for word in line.split():
            if word.startswith(("examples/", "tests/")):
                assert (ROOT / word).is_file(), f"README refers to {word}, not in the repository"


# What a comment claims a command prints: exact fractions, decimals, and whole numbers of
# two digits or more, but not a time ("about 20 s", "~3 s") nor a percentage (rounded, or a
# threshold: "below 60 %").
NUMBER = re.compile(r"(?<![\w./])(\d[\d,]*(?:\.\d+)?(?:/\d+)?)(?![\w./])(?! ?%)(?! ?s\b)")
STATUS = ("OPTIMAL", "BELOW", "OK")


def claimed(comment: str) -> tuple[set[str], set[str]]:
    """The numbers and the verdicts a command's comment says it prints."""
    numbers = {n.replace(",", "") for n in NUMBER.findall(comment)}
    numbers = {n for n in numbers if "/" in n or "." in n or int(n) >= 10}
    return numbers, {word for word in STATUS if re.search(rf"\b{word}\b", comment)}


def printed_numbers(text: str) -> set[str]:
    return {n.replace(",", "") for n in re.findall(r"\d[\d,]*(?:\.\d+)?(?:/\d+)?", text)}


def test_comment_claims_are_read_as_meant():
    assert claimed("1600/3 GB/s; 37/2 x M instead of 30 x M (-38.3 %)") \
        == ({"1600/3", "37/2", "30"}, set())
    assert claimed("1,024 GPUs, exact, ~2 s") == ({"1024"}, set())
    assert claimed("1024 GPUs, about 20 s") == ({"1024"}, set())
    assert claimed("exit 1 below 60 % of the bound") == (set(), set())
    assert claimed("every group at once: OPTIMAL, λ = 50") == ({"50"}, {"OPTIMAL"})
    assert claimed("BELOW: 8/13 of the bound") == ({"8/13"}, {"BELOW"})
    assert printed_numbers("ratio 3/65, 2,048 cables (38.3% less)") >= {"3/65", "2048", "38.3"}


# A Python line's comment that gives its value: it starts with a Fraction, a number or a
# string ("# Fraction(13, 16) of the LP optimum"), or states an equality ("# s.algbw ==
# Fraction(1024, 3)"); its longest start that is a Python expression is the claim.
VALUE_COMMENT = re.compile(r"^(Fraction\(|-?\d|\"|'|[\w.]+ == )")


def with_claims(code: str) -> str:
    """``code`` with an assert after each line whose comment gives its value: the line's
    expression equals the claim, or the claimed equality holds."""
    out = ["from fractions import Fraction"]
    for line in code.splitlines():
        statement, _, comment = line.partition("  # ")
        words = comment.strip().split()
        if not VALUE_COMMENT.match(comment.strip()):
            out.append(line)
            continue
        claim = next(" ".join(words[:n]) for n in range(len(words), 0, -1)
                     if compiles(" ".join(words[:n]).rstrip(",;")))
        claim = claim.rstrip(",;")
        if compiles(statement.strip()):
            out.append(f"assert ({statement.strip()}) == ({claim}), {line!r}")
        else:
            assert " == " in claim, f"a value claimed for a statement: {line!r}"
            out += [statement, f"assert {claim}, {line!r}"]
    return "\n".join(out) + "\n"


def compiles(text: str) -> bool:
    try:
        compile(text, "<claim>", "eval")
    except SyntaxError:
        return False
    return True


def test_the_python_comments_that_give_values_are_checked():
    checked = [line for code in blocks("python") for line in with_claims(code).splitlines()
               if line.startswith("assert ")]
    assert [line.partition(", ")[0] for line in checked] == [
        "assert (fc.verify(topology",
        "assert (b.algbw",
        "assert s.algbw == Fraction(1024",
        "assert (fc.verify(topo",
        "assert (fc.verify(topo"]
    assert any(line.endswith("== (Fraction(80, 83)), " + repr(
        "fc.verify(topo, s).ratio                   # Fraction(80, 83) of the bound, "
        "from link loads")) for line in checked)


@pytest.mark.slow
def test_readme_commands_run_top_to_bottom(workdir):
    env = environment()
    ran = 0
    for line in commands():
        if skipped(line):
            continue
        done = run_line(line, workdir, env, expected_exit(line))
        ran += 1
        numbers, statuses = claimed(line.partition(" #")[2])
        output = done.stdout + done.stderr
        missing = numbers - printed_numbers(output)
        assert not missing, f"{line}\nclaims {sorted(missing)}, not printed:\n{output}"
        for word in statuses:
            assert re.search(rf"\b{word}\b", output), f"{line}\nnot {word}:\n{output}"
    assert ran >= 30
    # then the Python examples, in the same folder (they read the files made above), each
    # value a comment gives checked
    for code in blocks("python"):
        run_python(with_claims(code), workdir, env)


def test_the_fabric_paragraph_names_the_models_that_take_one(tmp_path):
    """The README says which catalog models take fabric= and which refuse it: the lists
    are the catalog's own, the refused spec is refused, and the import it points to for
    DGX A100 scalable units works."""
    from forestcoll_opt.errors import CatalogError
    from forestcoll_opt.model.catalog import build, families
    from forestcoll_opt.runtimes.nccl_import import import_nccl, nccl_example

    (text,) = [" ".join(p.split()) for p in README.read_text().split("\n\n")
               if "take a scale-out fabric" in " ".join(p.split())]
    taking, _, rest = text.partition(" take a scale-out fabric: ")
    taking = re.findall(r"`([\w-]+)`", taking)
    refusing = re.findall(r"`([\w-]+)`", rest.partition(" take no `fabric=`")[0]
                          .rpartition(" per rail. ")[2])
    with_fabric = {name for name, f in families().items()
                   if any(p.name == "fabric" for p in f.params)}
    assert set(taking) == with_fabric and len(taking) == 6
    assert set(refusing) == set(families()) - with_fabric - {"paper-example"} \
        == {"dgx-a100", "mi250"}
    with pytest.raises(CatalogError, match="unknown parameter 'fabric=su'"):
        build("dgx-a100:boxes=40,fabric=su")
    assert "--fabric su:boxes=20" in rest
    su = import_nccl(nccl_example("dgx-a100"), boxes=40, fabric="su:boxes=20")
    assert len(su.compute_nodes) == 320 and any(n.startswith("net/su1/") for n in su.node_ids)


# ---- what the README shows a command print, against what it prints today -----------------

PRINTED = re.compile(r"^```\n(\$ forestcoll .*?)^```", re.S | re.M)


def printed_blocks() -> list[list[tuple[str, list[str]]]]:
    """The README's "What it prints" blocks: per block, each ``$`` command and its lines."""
    found = []
    for block in PRINTED.findall(README.read_text(encoding="utf-8")):
        steps: list[tuple[str, list[str]]] = []
        for line in block.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            else:
                steps[-1][1].append(line)
        found.append(steps)
    return found


def run_cli(line: str, capsys) -> tuple[int, str]:
    """One ``forestcoll ...`` line run in this process; its exit status and what it printed
    (standard output, then standard error)."""
    from forestcoll_opt.cli.app import main

    words = shlex.split(line, comments=True)
    assert words[0] == "forestcoll", line
    capsys.readouterr()
    code = main(words[1:])
    out = capsys.readouterr()
    return code, out.out + out.err


@pytest.fixture
def checkout(tmp_path, monkeypatch):
    monkeypatch.chdir(checkout_like(tmp_path, "examples"))
    return tmp_path


def test_what_it_prints_is_what_the_commands_print(checkout, capsys):
    blocks = printed_blocks()
    assert [[line for line, _ in block] for block in blocks] == [
        ["forestcoll generate dgx-a100:boxes=2 -o allgather.json",
         "forestcoll verify dgx-a100:boxes=2 allgather.json"],
        ["forestcoll bound dgx-a100:boxes=2"],
        ["forestcoll whatif dgx-h100:boxes=128"]]
    for block in blocks:
        for line, shown in block:
            code, output = run_cli(line, capsys)
            assert code == 0, f"{line}: exit {code}\n{output}"
            wrong = matches(shown, output.splitlines())
            assert wrong is None, (f"{line}: the README's output differs at {wrong!r}; "
                                   f"printed:\n{output}")


# ---- numbers the README's prose says commands print --------------------------------------

# Each claim: the README's words (spaces collapsed; a regex whose named groups are the
# numbers it claims), the commands that print them (each with regexes of its output naming
# the same groups) and, for ratios of printed values that the prose states (a group no
# command prints, or a word such as "twice"), a check on all the values. A
# README decimal agrees with the printed value rounded to as many digits; every other
# number must be the printed one exactly.
CLAIMS = {
    "rings": (
        r"the rings reach exactly the NICs' bus bandwidth \((?P<a100>\S+) = (?P<ratio>\S+) of "
        r"the optimum on two A100 boxes, (?P<mi250>\S+) on two MI250 boxes against "
        r"(?P<mi250_optimum>\S+)\)",
        {"forestcoll baseline ring dgx-a100:boxes=2 -o ring.json": [r"algbw (?P<a100>\S+) "],
         "forestcoll verify dgx-a100:boxes=2 ring.json": [r"= (?P<ratio>\S+) x bound"],
         "forestcoll baseline ring mi250:boxes=2 -o ring-mi250.json": [r"algbw (?P<mi250>\S+) "],
         "forestcoll bound mi250:boxes=2": [r"optimal algbw\s+(?P<mi250_optimum>\S+) "]},
        None),
    "paper baselines": (
        r"on `mi250:boxes=2,gpus=8` the optimal allreduce \(the LP schedule, (?P<lp>\d+) GB/s\) "
        r"is twice Blink\+Switch's (?P<blink>\d+) \(the reduce-scatter \+ allgather trees, "
        r"(?P<trees>\d+), are (?P<trees_over_blink>\d+/\d+) of it\) and the optimal allgather "
        r"(?P<optimum_over_multitree>\d+/\d+) of MultiTree's",
        {"forestcoll generate mi250:boxes=2,gpus=8 --collective allreduce -o ar-lp.json":
             [r"\nalgbw\s+(?P<lp>\S+) GB/s"],
         "forestcoll baseline blink mi250:boxes=2,gpus=8 --collective allreduce -o blink.json":
             [r"algbw (?P<blink>\S+) GB/s"],
         "forestcoll lp allreduce mi250:boxes=2,gpus=8": [r"tree allreduce\s+(?P<trees>\S+) GB/s"],
         "forestcoll baseline multitree mi250:boxes=2,gpus=8 -o multitree.json":
             [r"algbw (?P<multitree>\S+) "],
         "forestcoll bound mi250:boxes=2,gpus=8": [r"optimal algbw\s+(?P<allgather>\S+) "]},
        lambda v: v["lp"] == 2 * v["blink"] and v["trees"] / v["blink"] == v["trees_over_blink"]
        and v["allgather"] / v["multitree"] == v["optimum_over_multitree"]),
    "allreduce LP against trees": (
        r"\(`mi250:boxes=2,gpus=8`: (?P<lp>\d+) GB/s against (?P<trees>\d+); "
        r"`dgx-a100:boxes=2 --fail nic:box0/gpu3`: (?P<lp_failed>\S+) against "
        r"(?P<trees_failed>\d+)\)",
        {"forestcoll lp allreduce mi250:boxes=2,gpus=8":
             [r"algbw (?P<lp>[\d.]+) GB/s", r"tree allreduce\s+(?P<trees>\S+) GB/s"],
         "forestcoll generate dgx-a100:boxes=2 --collective allreduce --fail nic:box0/gpu3 "
         "-o degraded-allreduce.json":
             [r"\nalgbw\s+(?P<lp_failed>\S+) .*tree bound (?P<trees_failed>\S+)\)"]},
        None),
    "k = 2 on MI250": (
        r"k = 2 already reaches (?P<k2>\d+/\d+) ≈ (?P<k2_decimal>[\d.]+) GB/s, "
        r"(?P<share>[\d.]+) % of the optimum that needs k = (?P<k>\d+)",
        {"forestcoll generate mi250:boxes=2 --k 2 -o k2.json":
             [r"algbw\s+(?P<k2>\S+) \((?P<k2_decimal>[\d.]+)\) GB/s\s+\((?P<share>[\d.]+)%"],
         "forestcoll bound mi250:boxes=2": [r"\nk\s+(?P<k>\d+) tree\(s\) per root"]},
        None),
    "one group's relays": (
        r"runs: (?P<relaying>\d+/\d+) GB/s with relays against (?P<off>\d+), "
        r"x(?P<gain>\d+/\d+)\)",
        {"forestcoll bound mi250:boxes=2 --group 'box*/gcd[0-7]'":
             [r"others relaying:\s+algbw (?P<relaying>\S+)",
              r"others switched off: algbw (?P<off>\S+)", r"gain of relaying:\s+x(?P<gain>\S+)"]},
        None),
    "upgrades": (
        r"only all NICs together help \(\+(?P<gain>[\d.]+) %\)",
        {"forestcoll whatif dgx-h100:boxes=128 --upgrade 2x --by type":
             [r"\n\s*\d+\s+nics\s+\d+\s+\S+ \(\S+\)\s+(?P<gain>[\d.]+)%"]},
        None),
    "least k against the paper's": (
        r"(?P<h100_k>\d+) instead of (?P<h100_paper>\d+) on `dgx-h100:boxes=1`, "
        r"(?P<mi250_4_k>\d+) instead of (?P<mi250_4_paper>\d+) on `mi250:boxes=4`, "
        r"(?P<mi250_8_k>\d+) instead of (?P<mi250_8_paper>\d+) on `mi250` from 8 boxes",
        {"forestcoll bound dgx-h100:boxes=1":
             [r"\nk\s+(?P<h100_k>\d+) tree", r"the paper's k = (?P<h100_paper>\d+)"],
         "forestcoll bound mi250:boxes=4":
             [r"\nk\s+(?P<mi250_4_k>\d+) tree", r"the paper's k = (?P<mi250_4_paper>\d+)"],
         "forestcoll bound mi250:boxes=8":
             [r"\nk\s+(?P<mi250_8_k>\d+) tree", r"the paper's k = (?P<mi250_8_paper>\d+)"]},
        None),
    "tensor-parallel groups": (
        r"alone, a group also relays over the rails through other boxes: (?P<alone>\S+) "
        r"against (?P<together>\S+) together on DGX H100\).*? the two tensor-parallel groups' "
        r"isolated optima promise (?P<isolated>\S+) GB/s and get (?P<isolated_together>\S+) "
        r"together; the joint optimum gives (?P<joint>\S+)\.",
        {"forestcoll groups dgx-h100:boxes=2 --mesh dp=2,tp=8 --along tp --collective allreduce":
             [r"tp\[dp=0\]\s+8\s+1\s+(?P<alone>\S+) \(\S+\)\s+(?P<together>\S+) "],
         "forestcoll groups dgx-h100:boxes=2 --mesh dp=2,tp=8 --along tp --compare":
             [r"\ntp\[dp=0\]\s+(?P<isolated>\S+) \(\S+\)\s+(?P<isolated_together>\S+) \(\S+\)"
              r"\s+\S+ \(\S+\)\s+\S+ \(\S+\)\s+(?P<joint>\S+) \("]},
        None),
}


def agree(claimed_text: str, printed: str) -> bool:
    if "." in claimed_text and "/" not in claimed_text:
        digits = len(claimed_text.partition(".")[2])
        return round(Fraction(printed), digits) == Fraction(claimed_text)
    return Fraction(claimed_text) == Fraction(printed)


def test_claim_matching_rules():
    assert agree("96.4", "96.39") and agree("341.3", "341.333") and agree("128", "128.000000")
    assert not agree("96.4", "96.34") and not agree("6400/31", "8192/31")
    assert agree("8192/31", "8192/31") and not agree("2", "13/8")


@pytest.mark.parametrize("name", list(CLAIMS))
def test_the_prose_numbers_are_what_the_commands_print(name, checkout, capsys):
    words, runs, check = CLAIMS[name]
    text = " ".join(README.read_text(encoding="utf-8").split())
    found = list(re.finditer(words, text))
    assert len(found) == 1, f"{name}: the README's words not found once: {words}"
    claims = found[0].groupdict()
    printed: dict[str, str] = {}
    for line, patterns in runs.items():
        _, output = run_cli(line, capsys)
        for pattern in patterns:
            got = re.search(pattern, output)
            assert got, f"{line}: no {pattern!r} in\n{output}"
            printed.update(got.groupdict())
    ratios = set(claims) - set(printed)          # stated in the prose, checked by ``check``
    assert not ratios or check is not None, f"{name}: nothing prints {ratios}"
    wrong = {key: (value, printed[key]) for key, value in claims.items()
             if key not in ratios and not agree(value, printed[key])}
    assert not wrong, f"{name}: README (claimed, printed): {wrong}"
    if check is not None:
        values = {**printed, **{key: claims[key] for key in ratios}}
        assert check({key: Fraction(value) for key, value in values.items()}), (name, values)

"""The command line as a whole (lookat items 17, 18, 34): a mistyped command, choice or
option gets the nearest right one and the help of the command it was given to; every
argument has a help text that states its default; the second names of options two commands
name differently; ``whatif --fail ID`` sends to ``--scenario``."""

import argparse
import re
from pathlib import Path

import pytest

from forestcoll_opt.cli import build_parser, main
from forestcoll_opt.cli.app import ALIASES

DOCS = Path(__file__).resolve().parents[2] / "docs" / "cli.md"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _parsers(parser):
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _parsers(sub)


def _parser(*path):
    parser = build_parser()
    for name in path:
        parser = next(a for a in parser._actions
                      if isinstance(a, argparse._SubParsersAction)).choices[name]
    return parser


def _help(parser, option):
    return next(a.help for a in parser._actions
                if option in a.option_strings or a.dest == option)


@pytest.mark.parametrize("argv, line", [
    (["genrate", "x"], "'genrate' is not a forestcoll command; did you mean generate? "
                       "(see forestcoll --help)"),
    (["verfy"], "'verfy' is not a forestcoll command; did you mean verify? "
                "(see forestcoll --help)"),
    (["frobnicate"], "'frobnicate' is not a forestcoll command (see forestcoll --help)"),
    (["export", "msccll"], "'msccll' is not a forestcoll export format; did you mean msccl? "
                           "(see forestcoll export --help)"),
    (["bound", "dgx-a100:boxes=2", "--colective", "reduce"],
     "unrecognized arguments: --colective reduce; did you mean --collective? "
     "(see forestcoll bound --help)"),
    (["bound", "dgx-a100:boxes=2", "--colective=reduce", "--kernal", "igraph"],
     "unrecognized arguments: --colective=reduce --kernal igraph; did you mean --collective "
     "(for --colective), --kernel (for --kernal)? (see forestcoll bound --help)"),
    (["export", "mscclpp", "t", "s", "-o", "p.json", "--frob", "1"],
     "unrecognized arguments: --frob 1 (see forestcoll export mscclpp --help)"),
    (["bound", "dgx-a100:boxes=2", "--collective", "redcue"],
     "argument --collective: invalid choice: 'redcue' (choose from 'allgather', "
     "'reduce-scatter', 'broadcast', 'reduce'); did you mean reduce? "
     "(see forestcoll bound --help)"),
])
def test_a_mistyped_word_gets_the_nearest_one_and_its_commands_help(capsys, argv, line):
    """argparse listed all 26 commands for ``genrate`` and sent an unknown option of a
    command to ``forestcoll --help``, the program's, which does not list it."""
    code, out, err = run(capsys, *argv)
    assert (code, out, err) == (2, "", f"forestcoll: error: {line}\n")


def test_help_lists_the_commands_a_user_starts_with_first(capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--help"])
    out = capsys.readouterr().out
    listed = re.findall(r"^    (\S+)", out, re.M)
    assert listed[:3] == ["bound", "generate", "verify"] and len(listed) == 26
    assert listed[-4:] == ["catalog", "show", "expand", "schema"]


def test_every_argument_has_a_help_text():
    missing = [(p.prog, a.option_strings or a.dest) for p in _parsers(build_parser())
               for a in p._actions
               if not isinstance(a, argparse._SubParsersAction) and not a.help]
    assert missing == []


@pytest.mark.parametrize("path, option, says", [
    (("bound",), "--collective", "default allgather"),
    (("sweep-k",), "--collective", "default allgather"),
    (("baseline",), "--collective", "default allgather"),
    (("pareto",), "--collective", "default allgather"),
    (("export", "msccl"), "--protocol", "Simple (default"),
    (("lp",), "--time-limit", "default: no limit"),
    (("pareto",), "--time-limit", "default: no limit"),
    (("lp",), "collective", "alltoall: the all-to-all LP"),
])
def test_the_help_states_the_default(path, option, says):
    assert says in _help(_parser(*path), option)


def test_bound_weights_help_names_only_the_collectives_bound_takes():
    """It said "allgather, reduce-scatter, allreduce", and bound refuses allreduce."""
    bound_help = _help(_parser("bound"), "--weights")
    assert bound_help.startswith("allgather, reduce-scatter: ") and "allreduce" not in bound_help
    assert _help(_parser("generate"), "--weights").startswith(
        "allgather, reduce-scatter, allreduce: ")


@pytest.mark.parametrize("path, option, alias, value", [
    (("whatif",), "--plot", "--draw", "w.png"),
    (("pareto",), "--draw", "--plot", "f.svg"),
    (("check-mscclpp",), "--sms", "--sm-count", "64"),
    (("export", "mscclpp"), "--sm-count", "--sms", "64"),
])
def test_an_idea_two_commands_name_differently_takes_both_names(path, option, alias, value):
    """pareto --draw but whatif --plot, export mscclpp --sm-count but check-mscclpp --sms:
    each takes the other's name too (neither is retired: users' scripts), for the same
    value, and refuses the two given together as an option given twice."""
    assert (path, option, alias) in ALIASES
    positionals = {"whatif": ["t"], "pareto": ["t"], "check-mscclpp": ["t", "p"],
                   "export": ["mscclpp", "t", "s", "-o", "o.json"]}[path[0]]
    parser = build_parser()
    one = parser.parse_args([*path[:1], *positionals, option, value])
    other = parser.parse_args([*path[:1], *positionals, alias, value])
    assert vars(one) == vars(other)
    action = next(a for a in _parser(*path)._actions if option in a.option_strings)
    assert action.option_strings == [option, alias]
    with pytest.raises(SystemExit):
        parser.parse_args([*path[:1], *positionals, option, value, alias, value])


def test_the_aliases_are_documented():
    text = DOCS.read_text()
    for path, option, alias in ALIASES:
        assert f"`{' '.join(path)} {alias}`" in text, alias
        assert f"`{' '.join(path)} {option}`" in text, option


def test_whatif_sends_a_failure_id_to_scenario(capsys):
    """whatif's --fail takes kinds; given a part's id, as bound, generate and verify's
    --fail take, it said only that the id "is not a kind of failure"."""
    code, out, err = run(capsys, "whatif", "dgx-a100:boxes=2", "--fail", "link,nic:box0/gpu0")
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "'nic:box0/gpu0' is a failure id" in err
    assert "give --scenario nic:box0/gpu0 (see forestcoll whatif --help)" in err
    code, out, err = run(capsys, "whatif", "dgx-a100:boxes=2", "--fail", "cable")
    assert code == 2 and "'cable' is not a kind of failure" in err and "--scenario" not in err


def test_whatif_draws_with_draw_as_with_plot(capsys, tmp_path):
    one, other = tmp_path / "plot.png", tmp_path / "draw.png"
    argv = ["whatif", "dgx-a100:boxes=2", "--scenario", "nic:box0/gpu0"]
    assert run(capsys, *argv, "--plot", str(one))[0] == 0
    assert run(capsys, *argv, "--draw", str(other))[0] == 0
    assert one.read_bytes() == other.read_bytes()

"""The concurrent-groups LP written out whole (forestcoll_opt.lp.groups.explicit): its files
come from the one LP writer, lp/lpfiles.write_model (the header as comments, .lp and .mps
as a set), and HiGHS reading them back finds the joint optimum pinned by hand."""

from fractions import Fraction

import highspy
import pytest

import forestcoll_opt as fc
from forestcoll_opt.errors import LPError
from forestcoll_opt.lp.groups.explicit import ExplicitGroupsModel
from forestcoll_opt.model.collective import Collective
from forestcoll_opt.model.groups import Group


def _ring4():
    nodes = [{"id": f"v{i}", "kind": "compute"} for i in range(4)]
    links = [{"src": f"v{i}", "dst": f"v{(i + 1) % 4}", "bandwidth": 1, "bidirectional": True}
             for i in range(4)]
    return fc.from_dict({"format": "forestcoll-topology/1", "name": "ring4", "nodes": nodes,
                         "links": links})


def _model(balanced=False):
    groups = [Group(("v0", "v2"), name="even"), Group(("v1", "v3"), name="odd")]
    return ExplicitGroupsModel(_ring4(), groups, Collective.ALLGATHER, Fraction(1),
                               balanced=balanced)


def _optimum(path) -> float:
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    assert h.readModel(str(path)) == highspy.HighsStatus.kOk
    h.run()
    assert h.getModelStatus() == highspy.HighsModelStatus.kOptimal
    return h.getInfo().objective_function_value


@pytest.mark.parametrize("balanced", [False, True])
def test_both_files_carry_the_header_and_the_hand_optimum(tmp_path, balanced):
    # ring of 4, 1 each way: {v0,v2} and {v1,v3} each send v0->v2 and v2->v0 over two
    # links, 4x of the 8 link units per group: x <= 1, λ = 2x = 2 (R = 1); the balanced
    # model loses nothing here (each group's share can be a clockwise plus an
    # anticlockwise cycle)
    m = _model(balanced)
    lp, mps = tmp_path / "g.lp", tmp_path / "g.mps"
    m.write(lp, mps)
    header = m.header()
    kind = "balanced (lower) " if balanced else ""
    assert header[0] == (f'forestcoll-opt concurrent-groups {kind}LP (allgather, explicit '
                         f'flows) of topology "ring4"')
    assert header[3:5] == ['  0 "even" 1: 0 2', '  1 "odd" 1: 1 3']
    lp_text, mps_text = lp.read_text(), mps.read_text()
    assert lp_text.startswith("".join(f"\\ {line}\n" for line in header))
    assert mps_text.startswith("".join(f"* {line}\n" for line in header))
    assert lp_text[len("".join(f"\\ {line}\n" for line in header)):].startswith("\\*")
    assert "OBJSENSE" in mps_text
    assert _optimum(lp) == pytest.approx(2, abs=1e-9)
    assert _optimum(mps) == pytest.approx(2, abs=1e-9)


def test_one_file_alone_and_one_file_for_both(tmp_path):
    m = _model()
    m.write(tmp_path / "only.lp")
    assert [p.name for p in tmp_path.iterdir()] == ["only.lp"]
    with pytest.raises(LPError, match="write_lp and write_mps name the same file"):
        m.write(tmp_path / "m", tmp_path / "m")
    assert not (tmp_path / "m").exists()

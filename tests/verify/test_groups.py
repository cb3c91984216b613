"""The groups verdict's figures per group (forestcoll_opt.verify.groups.GroupCheck): the
schedule's algbw alone, λ·w_g together, and the group's own optimum alone when the LP's
result comes with it — worked out by hand on the two-leaf network of
tests/verify/test_groups_attacks.py."""

from __future__ import annotations

from fractions import Fraction

import forestcoll_opt as fc
from forestcoll_opt.model.group_schedules import GroupSchedules
from forestcoll_opt.model.groups import Group
from forestcoll_opt.verify.groups import verify_groups

from tests.verify.test_groups_attacks import G, uplink_direct


def _alone_document(net):
    """Each group's own optimal schedule alone, claiming the λ they reach together."""
    alone = tuple(fc.generate(net, group=g) for g in G)
    groups = tuple(Group(tuple(g), Fraction(1), f"g{i}") for i, g in enumerate(G))
    return GroupSchedules("allgather", net.name, net.units, groups, alone,
                          Fraction(16, 3)).to_dict()


def test_a_group_shows_its_schedule_alone_and_its_optimum_alone_apart():
    """`verify` of a groups file printed one "alone" column, the schedule run by itself,
    where `forestcoll groups` prints the group's optimum alone under the same word. The
    verdict now carries both: A = {a1, a2} alone has the direct link 4 and its uplink
    path 4 (x = 8, allgather algbw 16); B = {b1, b2} its links of 4 (algbw 8). Their own
    optimal schedules reach those alone; together they share L1->T and a1->a2, so the
    summed loads give λ = 16/3 (below the joint optimum 8)."""
    net = uplink_direct()
    v = fc.verify_concurrent(net, _alone_document(net))
    assert v.status == "below" and v.lam == Fraction(16, 3)
    assert [(g.name, g.alone, g.optimum_alone, g.together) for g in v.groups] == [
        ("g0", 16, 16, Fraction(16, 3)), ("g1", 8, 8, Fraction(16, 3))]
    # the joint optimum's schedules: each below its optimum alone, both at λ = 8 together
    joint = fc.verify_concurrent(net, fc.generate_concurrent(net, groups=G))
    assert [(g.alone, g.optimum_alone, g.together) for g in joint.groups] == [
        (8, 16, 8), (8, 8, 8)]
    assert joint.to_dict()["groups"][0] == {"name": "g0", "members": 2, "weight": "1",
                                            "alone": "8", "together": "8",
                                            "optimum_alone": "16"}


def test_without_the_lp_result_the_optimum_alone_is_not_known():
    """An interval given as a pair carries no optimum per group: None (JSON null), never a
    guess."""
    net = uplink_direct()
    v = verify_groups(net, _alone_document(net), lp_interval=(8, 8))
    assert [g.optimum_alone for g in v.groups] == [None, None]
    assert v.to_dict()["groups"][1]["optimum_alone"] is None
    bound = fc.concurrent(net, groups=G)
    given = verify_groups(net, _alone_document(net), lp_interval=bound)
    assert [g.optimum_alone for g in given.groups] == [16, 8]

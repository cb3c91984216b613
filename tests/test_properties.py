"""Property-based checks (hypothesis): exactness and invariances that must hold for any
balanced network, not just the hand-picked ones."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from forestcoll_opt.generation.bounding import bound
from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.model.topology import format_fraction, from_dict, loads
from randomnets import random_network
from schedcheck import achieved_algbw

seeds = st.integers(min_value=0, max_value=10**6)
factors = st.fractions(min_value=Fraction(1, 50), max_value=50).filter(lambda f: f > 0)


def scaled(data, factor):
    out = dict(data)
    out["links"] = [{**l, "bandwidth": str(format_fraction(Fraction(str(l["bandwidth"])) * factor))}
                    for l in data["links"]]
    return out


@settings(max_examples=40, deadline=None)
@given(seeds, factors)
def test_json_round_trip_is_exact(seed, factor):
    t = from_dict(scaled(random_network(seed), factor))
    again = loads(t.to_json())
    assert again == t and dict(again.capacity) == dict(t.capacity)


@settings(max_examples=40, deadline=None)
@given(seeds, factors)
def test_bound_scales_with_bandwidth_and_keeps_k(seed, factor):
    data = random_network(seed)
    base = bound(from_dict(data))
    big = bound(from_dict(scaled(data, factor)))
    assert big.algbw == base.algbw * factor
    assert big.k == base.k and big.cut_compute == base.cut_compute
    assert big.tree_bandwidth == base.tree_bandwidth * factor


@settings(max_examples=15, deadline=None)
@given(seeds)
def test_generated_schedules_are_optimal(seed):
    t = from_dict(random_network(seed))
    for collective in ("allgather", "reduce-scatter"):
        s = generate(t, collective=collective)
        assert achieved_algbw(t, s.to_dict()) == bound(t, collective=collective).algbw


@settings(max_examples=15, deadline=None)
@given(seeds, st.data())
def test_a_group_relays_at_least_as_well_as_switched_off_and_whole_is_today(seed, data):
    # process groups (docs/groups.md): switching the other compute nodes off leaves a
    # subnetwork, so relaying through them can only help; a group of every compute node
    # is today's answer exactly, schedule bytes included
    import forestcoll_opt as fc
    from forestcoll_opt.verify import verify

    t = from_dict(random_network(seed))
    members = data.draw(st.lists(st.sampled_from(t.compute_nodes), min_size=2, unique=True))
    g = fc.group_bound(t, members)
    if g.switched_off is not None:
        assert g.relayed.algbw >= g.switched_off.algbw and g.gain >= 1
    s = fc.generate(t, group=members)
    assert verify(t, s.to_dict()).status == "optimal" and s.algbw == g.relayed.algbw
    everyone = list(t.compute_nodes)
    assert fc.generate(t, group=everyone).to_json() == generate(t).to_json()

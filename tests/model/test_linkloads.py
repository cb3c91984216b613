"""What a schedule puts on each link (forestcoll_opt.model.linkloads): the traffic per
unit of data with and without multicast, a property of a schedule on a topology."""

from fractions import Fraction

import pytest

from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.model.linkloads import Traffic, traffic
from forestcoll_opt.verify import verify


def test_traffic_carries_its_totals(catalog):
    """The totals generate and show-traffic print are the result's own (the CLI adds
    nothing up): two boxes of 8 H100s with NVLink SHARP, allgather."""
    t = catalog("dgx-h100:boxes=2,nvls=1")
    s = generate(t, collective="allgather")
    moved = traffic(s, t)
    assert isinstance(moved, Traffic) and len(moved) == 64
    assert (moved.with_multicast, moved.without_multicast) == (Fraction(37, 2), 30)
    assert moved.saved == Fraction(23, 60)                      # 38.3% less
    assert (moved.with_multicast, moved.without_multicast) == (
        sum(a for a, _ in moved.values()), sum(b for _, b in moved.values()))
    assert (moved.with_multicast, moved.without_multicast) == verify(t, s.to_dict()).traffic
    assert repr(moved) == "Traffic(64 links, 37/2 x M with multicast, 30 x M without)"
    assert dict(moved) == moved and moved == dict(moved)          # a read-only mapping
    with pytest.raises(TypeError):
        moved[("a", "b")] = (0, 0)                                  # type: ignore[index]
    assert Traffic({}).saved == 0 and Traffic({}).with_multicast == 0

"""forestcoll_opt.model.numbers: a value that is not a number is named as the JSON it was
read from, never as a Python repr (Decimal('1E-300'), True, None, 'fast')."""

from decimal import Decimal

import pytest

from forestcoll_opt.errors import TopologyError
from forestcoll_opt.model.numbers import parse_exact

HELP = ('use an integer, a decimal string like "12.5" or a fraction string like "25/3"')


@pytest.mark.parametrize("value, message", [
    (Decimal("1E-300"), "link: bandwidth 1E-300 is out of range"),
    (True, f"link: bandwidth true is not a number; {HELP}"),
    (None, f"link: bandwidth null is not a number; {HELP}"),
    ("fast", f'link: bandwidth "fast" is not a number; {HELP}'),
    ({"a": 1}, f'link: bandwidth {{"a": 1}} is not a number; {HELP}'),
    ([1], f"link: bandwidth [1] is not a number; {HELP}"),
    (float("nan"), "link: bandwidth must be a finite number, got NaN"),
    (Decimal("-Infinity"), "link: bandwidth must be a finite number, got -Infinity"),
    ("9" * 80, f'link: bandwidth "{"9" * 34}..." (82 chars) is too long; write it with at '
               f'most 30 digits'),
])
def test_a_bad_value_is_shown_as_json(value, message):
    with pytest.raises(TopologyError) as info:
        parse_exact(value, "link", what="bandwidth")
    assert str(info.value) == message
    assert "Decimal(" not in str(info.value) and "True" not in str(info.value)


@pytest.mark.parametrize("key", ["k", "weight"])
def test_an_all_to_all_count_is_shown_as_json(key):
    import sys
    from pathlib import Path

    from forestcoll_opt.errors import ScheduleError
    from forestcoll_opt.model.schedule import from_dict

    sys.path.insert(0, str(Path(__file__).parents[1]))
    from handmade import toy_alltoall

    doc = toy_alltoall()
    if key == "k":
        doc["k"] = True
    else:
        doc["routes"][0]["weight"] = True
    with pytest.raises(ScheduleError) as info:
        from_dict(doc)
    assert str(info.value).endswith(f"{key} must be a positive integer, found true")


def test_a_large_container_is_described_not_dumped():
    with pytest.raises(TopologyError) as info:
        parse_exact(list(range(10**6)), "link", what="bandwidth")
    assert str(info.value).startswith("link: bandwidth <an array of 1000000 items> is not a number")

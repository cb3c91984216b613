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

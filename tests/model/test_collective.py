"""forestcoll_opt.model.collective: the one check of an allreduce method, shared by
generate, best_allreduce, tradeoff and the command line's choices."""

import pytest

from forestcoll_opt.errors import CollectiveError, ScheduleError, UsageError
from forestcoll_opt.model.collective import ALLREDUCE_METHODS, check_method


def test_the_methods():
    assert ALLREDUCE_METHODS == ("auto", "trees", "lp")
    assert [check_method(m) for m in ALLREDUCE_METHODS] == list(ALLREDUCE_METHODS)


@pytest.mark.parametrize("method", ["best", "", None, 1, "LP"])
def test_an_unknown_method_is_one_error_naming_the_methods(method):
    with pytest.raises(CollectiveError) as info:
        check_method(method)
    assert isinstance(info.value, (ScheduleError, UsageError))
    assert str(info.value) == (f"method={str(method)!r}: use \"auto\" (for allreduce: the LP "
                               f"schedule where it beats the trees), \"trees\" or \"lp\"")

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


def test_the_families_of_collectives_are_properties_of_the_enum():
    # every inline string test of the package became one of these (docs/develop.md)
    from forestcoll_opt.model.collective import CUT_BOUNDED, Collective as C

    def members(prop):
        return {c for c in C if getattr(c, prop)}

    assert members("rooted") == {C.BROADCAST, C.REDUCE}
    assert members("inward") == {C.REDUCE_SCATTER, C.REDUCE}
    assert members("outward") == {C.ALLGATHER, C.BROADCAST}
    assert members("sharded") == {C.ALLGATHER, C.REDUCE_SCATTER}
    assert members("cut_bounded") == set(CUT_BOUNDED) == {C.ALLGATHER, C.REDUCE_SCATTER,
                                                          C.BROADCAST, C.REDUCE}
    assert members("routed") == {C.ALLTOALL}
    # the tree collectives flow one way or the other, allreduce both ways, all-to-all neither
    assert {c for c in C if c.inward and c.outward} == set()
    assert {c for c in C if not (c.inward or c.outward)} == {C.ALLREDUCE, C.ALLTOALL}

import pytest

from forestcoll_opt.generation.packing import TreeBatch
from forestcoll_opt.generation.routing import RoutingError, route_trees


def test_batches_split_where_routes_split():
    routes = {(0, 1): (((0, 9, 1), 2), ((0, 8, 1), 3)), (1, 2): (((1, 2), 5),)}
    out = route_trees([TreeBatch(0, 4, ((0, 1), (1, 2)))], routes).trees
    assert [(t.weight, t.paths) for t in out] == [
        (2, ((0, 9, 1), (1, 2))), (2, ((0, 8, 1), (1, 2)))]


def test_each_path_unit_used_once():
    routes = {(0, 1): (((0, 9, 1), 1), ((0, 8, 1), 1))}
    out = route_trees([TreeBatch(0, 1, ((0, 1),)), TreeBatch(1, 1, ((0, 1),))], routes).trees
    assert [t.paths for t in out] == [((0, 9, 1),), ((0, 8, 1),)]


def test_overuse_is_an_error():
    with pytest.raises(RoutingError, match="more trees than its capacity"):
        route_trees([TreeBatch(0, 3, ((0, 1),))], {(0, 1): (((0, 1), 2),)})

import pytest

from forestcoll_opt.generation.pipeline import generate
from forestcoll_opt.lp.alltoall.schedule import lp_alltoall
from forestcoll_opt.lp.schedule import lp_allreduce


@pytest.fixture(scope="session")
def schedules(catalog):
    """(topology, schedule) of a catalog spec, built once per test session: the trees of a
    collective (rooted at the first compute node for broadcast and reduce), ``"lp"`` for the
    allreduce LP schedule, ``"alltoall"`` for the LP all-to-all schedule."""
    cache = {}

    def get(spec, collective):
        if (spec, collective) not in cache:
            t = catalog(spec)
            if collective == "lp":
                s = lp_allreduce(t)
            elif collective == "alltoall":
                s = lp_alltoall(t)
            else:
                root = t.compute_nodes[0] if collective in ("broadcast", "reduce") else None
                s = generate(t, collective=collective, root=root)
            cache[(spec, collective)] = (t, s)
        return cache[(spec, collective)]

    return get

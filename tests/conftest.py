import pytest

from forestcoll_opt.model.catalog import build


@pytest.fixture(scope="session")
def catalog():
    """Catalog topologies built once per test session."""
    cache = {}

    def get(spec: str):
        if spec not in cache:
            cache[spec] = build(spec)
        return cache[spec]

    return get

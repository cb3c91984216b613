"""Hand-made networks and small helpers that tests in several folders share."""

ASYM = {"format": "forestcoll-topology/1", "name": "asym-triangle", "nodes": [
    {"id": "a", "kind": "compute"}, {"id": "b", "kind": "compute"}, {"id": "c", "kind": "compute"}],
    "links": [{"src": "a", "dst": "b", "bandwidth": 1}, {"src": "b", "dst": "c", "bandwidth": 1},
              {"src": "c", "dst": "a", "bandwidth": 1},
              {"src": "a", "dst": "b", "bandwidth": 4, "bidirectional": True}]}


AWKWARD = {"format": "forestcoll-topology/1", "name": "awkward", "nodes": [
    {"id": "c0", "kind": "compute"}, {"id": "c1", "kind": "compute"},
    {"id": "w0", "kind": "switch"}], "links": [
    {"src": "c0", "dst": "c1", "bandwidth": 1}, {"src": "c1", "dst": "w0", "bandwidth": 1},
    {"src": "w0", "dst": "c0", "bandwidth": 1},
    {"src": "c1", "dst": "c0", "bandwidth": "1/65", "bidirectional": True},
    {"src": "w0", "dst": "c0", "bandwidth": "100/99", "bidirectional": True},
    {"src": "c1", "dst": "c0", "bandwidth": 3, "bidirectional": True},
    {"src": "c0", "dst": "w0", "bandwidth": "99/100", "bidirectional": True}]}


def group_elements(generators, n):
    """Every element of the permutation group the generators generate."""
    identity = tuple(range(n))
    found, frontier = {identity}, [identity]
    while frontier:
        frontier = [c for a in frontier for h in generators
                    for c in [tuple(h[v] for v in a)] if c not in found and not found.add(c)]
    return sorted(found)

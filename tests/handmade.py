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


# The example network of docs/formats.md: two boxes of two accelerators, a direct link inside
# each box and one switch between them; box 1's links to the switch are 25/3 each way.
TOY_2BOX = {"format": "forestcoll-topology/1", "name": "toy-2box", "units": "GB/s", "nodes": [
    {"id": "a0", "kind": "compute", "box": 0}, {"id": "a1", "kind": "compute", "box": 0},
    {"id": "b0", "kind": "compute", "box": 1}, {"id": "b1", "kind": "compute", "box": 1},
    {"id": "net", "kind": "switch"}], "links": [
    {"src": "a0", "dst": "a1", "bandwidth": 100, "bidirectional": True},
    {"src": "b0", "dst": "b1", "bandwidth": "62.5", "bidirectional": True},
    {"src": "a0", "dst": "net", "bandwidth": 50, "bidirectional": True},
    {"src": "a1", "dst": "net", "bandwidth": 50, "bidirectional": True},
    {"src": "b0", "dst": "net", "bandwidth": "25/3", "bidirectional": True},
    {"src": "b1", "dst": "net", "bandwidth": "25/3", "bidirectional": True}]}


def toy_alltoall():
    """The uniform all-to-all on TOY_2BOX of docs/formats.md, written by hand: inside a box
    over the direct link, between the boxes through the switch. Box 1 sends 2·2 pairs' data
    over its two links of 25/3: algbw = 4·(50/3)/4 = 50/3, the optimum."""
    box = {"a0": 0, "a1": 0, "b0": 1, "b1": 1}
    routes = [{"src": s, "dst": d, "weight": 1,
               "path": [s, d] if box[s] == box[d] else [s, "net", d]}
              for s in box for d in box if s != d]
    return {"format": "forestcoll-schedule/4", "collective": "alltoall", "topology": "toy-2box",
            "units": "GB/s", "compute_nodes": list(box), "k": 1, "algbw": "50/3",
            "routes": routes}


def toy_forgery():
    """The forgery of issue 32: one pair of the twelve, a0 -> a1, declared as the whole
    demand and routed at its own optimum (2 of 3 parts over the direct link of 100, 1
    through the switch over links of 50: algbw = 3·1 / (3·1/50) = 50), three times the
    uniform optimum 50/3."""
    doc = toy_alltoall()
    doc.update(demand={"a0": {"a1": 1}}, k=3, algbw="50", routes=[
        {"src": "a0", "dst": "a1", "weight": 2, "path": ["a0", "a1"]},
        {"src": "a0", "dst": "a1", "weight": 1, "path": ["a0", "net", "a1"]}])
    return doc

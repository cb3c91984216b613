"""Stars, rings and trees of any size, as topology files: the shapes whose automorphism
groups are huge (a star of N compute nodes has N! automorphisms) and so test that the
symmetry the package finds never costs more than it saves.

    python benchmarks/shapes.py star 5000 -o star-5000.json
    python benchmarks/shapes.py tree 100000 -o tree.json     # fan-out 10

Every link is bidirectional with bandwidth 1 (the tree's: 1 at the leaves, the number of
leaves below on the links above, so no level is a bottleneck of its own):

* ``star N``: N compute nodes, each linked to one switch;
* ``ring N``: N compute nodes in a cycle, no switch;
* ``tree N``: N compute leaves under a complete tree of switches of fan-out
  ``--fanout`` (10), the last level filled from the left.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from forestcoll_opt.model.topology import Topology, from_dict, write

FANOUT = 10


def star(n: int) -> Topology:
    """N compute nodes around one switch, links of bandwidth 1."""
    nodes = [_compute(i) for i in range(n)] + [{"id": "switch", "kind": "switch"}]
    links = [_link(f"gpu{i}", "switch", 1) for i in range(n)]
    return _topology(f"star-{n}", nodes, links)


def ring(n: int) -> Topology:
    """N compute nodes in a cycle (no switch), links of bandwidth 1."""
    nodes = [_compute(i) for i in range(n)]
    links = [_link(f"gpu{i}", f"gpu{(i + 1) % n}", 1) for i in range(n if n > 2 else 1)]
    return _topology(f"ring-{n}", nodes, links)


def tree(n: int, fanout: int = FANOUT) -> Topology:
    """N compute leaves under switches of fan-out ``fanout``: the leaves are grouped
    ``fanout`` to a switch, those switches ``fanout`` to a switch above, and so on up to
    one root switch; a link carries as much bandwidth as there are leaves below it."""
    nodes = [_compute(i) for i in range(n)]
    links = []
    level = [(f"gpu{i}", 1) for i in range(n)]      # (node, leaves below it)
    depth = 0
    while depth == 0 or len(level) > 1:
        depth += 1
        above = []
        for j in range(0, len(level), fanout):
            switch = f"s{depth}.{j // fanout}"
            nodes.append({"id": switch, "kind": "switch"})
            children = level[j:j + fanout]
            links.extend(_link(child, switch, below) for child, below in children)
            above.append((switch, sum(below for _, below in children)))
        level = above
    return _topology(f"tree-{n}", nodes, links)


SHAPES = {"star": star, "ring": ring, "tree": tree}


def _compute(i: int) -> dict[str, Any]:
    return {"id": f"gpu{i}", "kind": "compute"}


def _link(u: str, v: str, bandwidth: int) -> dict[str, Any]:
    return {"src": u, "dst": v, "bandwidth": bandwidth, "bidirectional": True}


def _topology(name: str, nodes: list, links: list) -> Topology:
    return from_dict({"format": "forestcoll-topology/1", "name": name, "units": "GB/s",
                      "nodes": nodes, "links": links})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shape", choices=sorted(SHAPES))
    parser.add_argument("n", type=int, help="compute nodes (at least 2)")
    parser.add_argument("--fanout", type=int, default=FANOUT, help="tree: switch fan-out")
    parser.add_argument("-o", "--out", required=True, help="topology file to write")
    args = parser.parse_args(argv)
    if args.n < 2 or args.fanout < 2:
        parser.error("n and --fanout must be at least 2")
    topo = tree(args.n, args.fanout) if args.shape == "tree" else SHAPES[args.shape](args.n)
    write(topo, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())

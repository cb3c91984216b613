"""The depth MILP as a file for ``models/`` (:mod:`forestcoll_opt.lp.artifacts`): the
pricing problem of the first compute node at depth 2, every link priced b_max / b_e per
use (the prices of Lagrange's bound with equal weight on every link, scaled), so that each
edge's price is that of its cheapest one-hop route. Its optimum is the price of the cheapest
depth-2 tree of that root, given here exactly (the tree's price in rationals; HiGHS proves
the tree optimal)."""

from __future__ import annotations

import os
from fractions import Fraction

from ...errors import LPError
from ...model.numbers import fraction_text
from ...model.topology import Topology
from ..lpfiles import write_model
from .network import Network
from .pricing import PricingSolver, build_pricing

__all__ = ["REFERENCE_DEPTH", "ReferencePricing"]

REFERENCE_DEPTH = 2


class ReferencePricing:
    """The written depth MILP of one network (module docstring).

    :param topology: the network
    :param depth: h (default :data:`REFERENCE_DEPTH`)
    """

    def __init__(self, topology: Topology, depth: int = REFERENCE_DEPTH) -> None:
        self.topology = topology
        self.depth = depth
        self.network = Network(topology)
        bmax = max(topology.capacity.values())
        self.price = {e: bmax / b for e, b in topology.capacity.items()}
        self.routes = self.network.routes(self.price)
        self.root = topology.compute_nodes[0]
        self.model = build_pricing(topology.node_ids, topology.compute_nodes, self.root, depth,
                                   {p: float(c) for p, (c, _) in self.routes.items()},
                                   title=f"depth_{depth}")

    def optimum(self) -> Fraction:
        """The exact price of the cheapest depth-h tree of the root (HiGHS's proven
        optimal tree, priced in rationals).

        :raises LPError: when HiGHS proves no tree optimal
        """
        got = PricingSolver(self.model).solve({p: float(c) for p, (c, _) in self.routes.items()},
                                             None)
        if got is None or not got.proven:
            raise LPError(f"the depth-{self.depth} MILP of {self.topology.name} was not "
                          f"solved to proven optimality; please report the topology")
        return sum((self.routes[(u, v)][0] for v, u in got.parent.items()), Fraction(0))

    def write(self, lp_path: str | os.PathLike | None = None,
              mps_path: str | os.PathLike | None = None) -> None:
        """Write the model as .lp and/or .mps, with a header naming every node index.

        :param lp_path: the .lp file, or None
        :param mps_path: the .mps file, or None
        """
        header = [f"forestcoll-opt depth MILP (cheapest tree of depth <= {self.depth} from "
                  f"{self.root}) of topology {self.topology.name!r}",
                  "a_d_u_v = 1: node v hangs from node u at depth d; each price is that of the "
                  "cheapest route through switches",
                  f"with every link priced b_max/b = {fraction_text(max(self.topology.capacity.values()))}"
                  f"/b per use",
                  "node index -> id:"]
        header += [f"  {i} {v}" for i, v in enumerate(self.topology.node_ids)]
        write_model(self.model.lp, header, lp_path, mps_path)

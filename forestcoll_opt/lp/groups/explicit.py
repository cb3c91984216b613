"""The concurrent-groups LP (:mod:`forestcoll_opt.lp.groups.model`) written out whole, as a
file for ``models/``: the shares of every (group, link) pair unfolded and, instead of the
lazily generated cut rows, one explicit flow per group and member — the auxiliary network
of the paper's Theorem 1, a super-source feeding every member of the group at
x_g = λ·w_g/n_g, which must deliver n_g·x_g = λ·w_g to that member on the group's share.
By max-flow/min-cut that is every cut row at once, so the optimum is the LP's.

Names use indices (node ids and group names are in the header): ``lam``;
``c_<g>_<u>_<v>`` group g's share of link u -> v; ``f_<g>_<t>_<u>_<v>`` the flow toward
member t; ``s_<g>_<t>_<v>`` the source arc into member v; rows ``cap_<u>_<v>``,
``fcap_<g>_<t>_<u>_<v>``, ``src_<g>_<t>_<v>``, ``keep_<g>_<t>_<v>``, ``sink_<g>_<t>``
and, in the balanced model, ``bal_<g>_<v>``. Bandwidths are in units of R.
"""

from __future__ import annotations

import json
import os
from fractions import Fraction
from typing import Sequence

import pulp

from ...model.collective import Collective
from ...model.groups import Group
from ...model.numbers import fraction_text
from ...model.topology import Topology
from ..lpfiles import write_model

__all__ = ["ExplicitGroupsModel"]


def _comment(text: str) -> str:
    return json.dumps(text, ensure_ascii=True).replace("*", "\\u002a")


class ExplicitGroupsModel:
    """The whole LP as a PuLP model (module docstring).

    :param topology: the network
    :param groups: the groups
    :param collective: allgather or reduce-scatter (the reversed network)
    :param reference: R, the bandwidth unit
    :param balanced: the lower (balanced) model
    """

    def __init__(self, topology: Topology, groups: Sequence[Group], collective: Collective,
                 reference: Fraction, *, balanced: bool) -> None:
        self.topology, self.groups, self.reference = topology, tuple(groups), reference
        self.collective, self.balanced = collective, balanced
        idx = topology.index
        links = [(idx[u], idx[v]) for u, v in topology.capacity]
        caps = [b / reference for b in topology.capacity.values()]
        # the flows run on the reversed network for reduce-scatter
        arcs = links if collective is Collective.ALLGATHER else [(v, u) for u, v in links]
        lp = pulp.LpProblem("groups_balanced" if balanced else "groups", pulp.LpMaximize)
        lam = lp.add_variable("lam", lowBound=0)
        lp.setObjective(lam)
        share = {(g, e): lp.add_variable(f"c_{g}_{u}_{v}", lowBound=0)
                 for g in range(len(groups)) for e, (u, v) in enumerate(links)}
        for e, (u, v) in enumerate(links):
            lp.addConstraint(pulp.lpSum(share[(g, e)] for g in range(len(groups)))
                             <= float(caps[e]), f"cap_{u}_{v}")
        n = len(topology.node_ids)
        for g, group in enumerate(groups):
            members = sorted(idx[m] for m in group.members)
            x = float(group.weight / len(group))
            if balanced:
                for w in range(n):
                    ins = [share[(g, e)] for e, (a, b) in enumerate(links) if b == w]
                    outs = [share[(g, e)] for e, (a, b) in enumerate(links) if a == w]
                    if ins or outs:
                        lp.addConstraint(pulp.lpSum(ins) - pulp.lpSum(outs) == 0,
                                         f"bal_{g}_{w}")
            for t in members:
                tag = f"{g}_{t}"
                flow = {}
                for e, (a, b) in enumerate(arcs):
                    f = lp.add_variable(f"f_{tag}_{a}_{b}", lowBound=0)
                    flow[e] = f
                    lp.addConstraint(f - share[(g, e)] <= 0, f"fcap_{tag}_{a}_{b}")
                src = {}
                for v in members:
                    src[v] = lp.add_variable(f"s_{tag}_{v}", lowBound=0)
                    lp.addConstraint(src[v] - x * lam <= 0, f"src_{tag}_{v}")
                for w in range(n):
                    net = pulp.lpSum(flow[e] for e, (a, b) in enumerate(arcs) if b == w) \
                        - pulp.lpSum(flow[e] for e, (a, b) in enumerate(arcs) if a == w)
                    if w in src:
                        net = net + src[w]
                    if w == t:
                        lp.addConstraint(net - float(group.weight) * lam >= 0, f"sink_{tag}")
                    else:
                        lp.addConstraint(net == 0, f"keep_{tag}_{w}")
        self.lp = lp

    def header(self) -> list[str]:
        """Comment lines: what the model is, its unit R, the groups and the node indices."""
        topo, r = self.topology, self.reference
        kind = "balanced (lower) " if self.balanced else ""
        lines = [f"forestcoll-opt concurrent-groups {kind}LP ({self.collective}, explicit "
                 f"flows) of topology {_comment(topo.name)}",
                 f"bandwidths are in units of R = {fraction_text(r)} {_comment(topo.units)}; "
                 f"lam x R is the common scale λ: group g runs at algbw λ·w_g",
                 "groups (index name weight: member node indices):"]
        for g, group in enumerate(self.groups):
            members = " ".join(str(topo.index[m]) for m in group.members)
            lines.append(f"  {g} {_comment(group.name)} {fraction_text(group.weight)}: "
                         f"{members}")
        lines.append("node index -> id:")
        for i, v in enumerate(topo.node_ids):
            lines.append(f"  {i} {_comment(v)} {topo.node[v].kind}")
        return lines

    def write(self, lp_path: "str | os.PathLike | None",
              mps_path: "str | os.PathLike | None" = None) -> None:
        """Write the model as .lp and/or .mps with the header as comment lines, as a set:
        both files or neither (:func:`~forestcoll_opt.lp.lpfiles.write_model`).

        :raises LPError: when both name the same file
        :raises OutputError: when a file cannot be written
        """
        write_model(self.lp, self.header(), lp_path, mps_path)

"""The scale-out fabrics that join a family's boxes, chosen by the spec parameters
``fabric``, ``su``, ``leaf`` and ``oversub`` (``dgx-h100:boxes=2048,fabric=su,oversub=2``).

Every box has NICs on *rails*: rail r holds NIC r of every box (for ``gb200-nvl72``, the
NICs of GPU position r of every tray). The fabric says which switch each NIC plugs into:

``flat`` (the default)
    One non-blocking switch per rail for all boxes (``rail{r}``): the catalog's network
    before fabrics were added, node for node and link for link.
``su``
    NVIDIA's rail-optimized scalable units (DGX SuperPOD reference architectures): the
    boxes are cut into scalable units of ``su`` boxes (the last one may be smaller); each
    unit has one leaf switch per rail (``su{s}/leaf{r}``) that takes NIC r of the unit's
    boxes, so traffic on one rail inside a unit is one switch hop. Every leaf links up to
    the spine layer, which joins the leaves of all units *and all rails* (the references
    route "traffic between nodes, or between rails" through the spine layer).
``fat-tree``
    A generic two-tier fat tree: the boxes are cut into groups of ``leaf`` boxes, each
    group with one leaf switch (``leaf{j}``) taking every NIC of its boxes, and every leaf
    links up to the spine layer.

In both two-tier fabrics a leaf's uplink carries its downlink bandwidth (the NICs
plugged into it) divided by ``oversub`` (the ratio R of R:1; 1 is non-blocking, as in
the SuperPOD references), and the spine layer is one switch node ``spine``.

**Why one spine node is exact for the bound.** A real spine layer is m switches and
every leaf spreads its uplink evenly over them, u/m to each. Take any cut S of the
network with the spines free to fall on either side: a spine in S sends (u/m summed over
the leaves outside S) across the cut, a spine outside S receives (u/m summed over the
leaves in S). Both sums are the same for every spine, so all spines do best on the same
side, and the least bandwidth leaving a set with given compute nodes (max-flow = min-cut)
is the same as with one switch joined to each leaf by u. The bound, a ratio of compute
nodes to the bandwidth leaving a cut maximised over cuts, is therefore unchanged. Extra
non-blocking tiers above the spine (the SuperPOD's core layer beyond 8 units) are
non-blocking switches again and fold into the same node by the same argument; only the
leaf uplinks are tapered.

A unit or leaf group that the box count leaves incomplete has uplinks for the NICs it
has (the references cable the full unit; this is the smaller, hence safe, choice).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

from ...errors import CatalogError
from ..family import Param
from ..topology import format_fraction
from ._build import Sketch

FABRICS = ("flat", "su", "fat-tree")
MAX_OVERSUB = 64
SU = 32           # DGX SuperPOD (H100, B200): scalable units of 32 systems
LEAF = 4          # fat-tree: 4 8-GPU boxes = 32 NICs, half the ports of a 64-port leaf at 1:1


def fabric_params(su: int, leaf: int, maximum: int, box: str = "boxes") -> tuple[Param, ...]:
    """The four fabric parameters of a box family (``fabric``, ``su``, ``leaf``, ``oversub``).

    :param su: the default number of boxes per scalable unit
    :param leaf: the default number of boxes per fat-tree leaf
    :param maximum: the largest ``su`` and ``leaf`` (the family's most boxes)
    :param box: what the family calls its boxes, for the help text
    :returns: the parameters, to append to the family's own
    """
    return (
        Param("fabric", "flat", "scale-out: one switch per rail (flat), rail-optimized "
              "scalable units under a spine (su), or leaves of whole boxes under a spine "
              "(fat-tree)", choices=FABRICS),
        Param("su", su, f"{box} per scalable unit: one leaf per rail per unit (fabric=su)",
              maximum=maximum),
        Param("leaf", leaf, f"{box} per leaf switch (fabric=fat-tree)", maximum=maximum),
        Param("oversub", 1, "leaf downlink over uplink bandwidth, R for R:1 "
              "(fabric=su or fat-tree)", maximum=MAX_OVERSUB),
    )


@dataclass(frozen=True)
class Fabric:
    """A fabric as chosen by a spec; see the module's text.

    :ivar kind: ``flat``, ``su`` or ``fat-tree``
    :ivar su: boxes per scalable unit (read by ``su``)
    :ivar leaf: boxes per leaf switch (read by ``fat-tree``)
    :ivar oversub: a leaf's downlink over uplink bandwidth (read by ``su`` and ``fat-tree``)
    """

    kind: str
    su: int
    leaf: int
    oversub: int

    @property
    def suffix(self) -> str:
        """What the fabric adds to the topology's name ("" for ``flat``)."""
        if self.kind == "flat":
            return ""
        size = f"-su{self.su}" if self.kind == "su" else f"-fat-tree{self.leaf}"
        return size + (f"-oversub{self.oversub}" if self.oversub != 1 else "")


def choose(family: str, params: tuple[Param, ...], fabric: str, su: int, leaf: int,
           oversub: int) -> Fabric:
    """The :class:`Fabric` of a spec, refusing fabric parameters that the chosen ``fabric``
    does not read (given with a value other than their default).

    :param family: the family's name, for messages
    :param params: the family's parameters (for the defaults)
    :param fabric: ``flat``, ``su`` or ``fat-tree``
    :param su: boxes per scalable unit
    :param leaf: boxes per fat-tree leaf
    :param oversub: the leaves' oversubscription ratio
    :returns: the fabric
    :raises CatalogError: when ``su``, ``leaf`` or ``oversub`` differs from its default and
        ``fabric`` does not read it
    """
    defaults = {p.name: p.default for p in params}
    unread = {"flat": ("su", "leaf", "oversub"), "su": ("leaf",), "fat-tree": ("su",)}
    given = {"su": su, "leaf": leaf, "oversub": oversub}
    for name in unread[fabric]:
        if given[name] != defaults[name]:
            readers = {"su": "fabric=su", "leaf": "fabric=fat-tree",
                       "oversub": "fabric=su or fabric=fat-tree"}[name]
            raise CatalogError(f"model {family!r}: {name}={given[name]} applies only with "
                               f"{readers}; give {readers.split(' or ')[0]} or drop {name}")
    return Fabric(fabric, su, leaf, oversub)


def wire(sketch: Sketch, fabric: Fabric, boxes: int, ports: list[int], nic: int | str,
         multicast: bool = False, kind: str = "infiniband") -> Callable[[int, int], str]:
    """Add the fabric's switches to ``sketch`` and return ``where(box, rail)``, the switch
    that NIC ``rail`` of ``box`` plugs into.

    :param sketch: the sketch the switches are added to
    :param fabric: the fabric
    :param boxes: the number of boxes
    :param ports: for each rail, how many NICs of one box are on it
    :param nic: the bandwidth of one NIC
    :param multicast: the fabric switches reduce and multicast (InfiniBand SHARP)
    :param kind: the link type of switch-switch links
    :returns: box index, rail index -> the id of the switch that NIC plugs into
    """
    rails = range(len(ports))
    if fabric.kind == "flat":
        names = [sketch.switch(f"rail{r}", multicast=multicast) for r in rails]
        return lambda box, rail: names[rail]
    group = fabric.su if fabric.kind == "su" else fabric.leaf
    groups = -(-boxes // group)
    spine = sketch.switch("spine", multicast=multicast)
    for g in range(groups):
        members = min(group, boxes - g * group)
        if fabric.kind == "su":
            for r in rails:
                leaf = sketch.switch(f"su{g}/leaf{r}", multicast=multicast)
                _uplink(sketch, leaf, spine, members * ports[r], nic, fabric.oversub, kind)
        else:
            leaf = sketch.switch(f"leaf{g}", multicast=multicast)
            _uplink(sketch, leaf, spine, members * sum(ports), nic, fabric.oversub, kind)
    if fabric.kind == "su":
        return lambda box, rail: f"su{box // group}/leaf{rail}"
    return lambda box, rail: f"leaf{box // group}"


def _uplink(sketch: Sketch, leaf: str, spine: str, nics: int, nic: int | str, oversub: int,
            kind: str) -> None:
    if nics:
        sketch.link(leaf, spine, format_fraction(nics * Fraction(nic) / oversub), kind)

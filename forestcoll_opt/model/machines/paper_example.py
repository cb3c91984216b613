"""The paper's Figure 5, "Example of Spanning Out-Tree": two boxes of four compute nodes, each
node with a 10b link to its box switch and a b link to one global switch (b = 1)."""

from ..family import Family, Param
from ..topology import Topology

from ._build import Sketch


def build(boxes: int = 2, gpus: int = 4, b: int = 1) -> Topology:
    """The ``paper-example`` model (module docstring), bandwidths in units of ``"b"``.

    :param boxes: the number of boxes, each with its own switch
    :param gpus: compute nodes per box
    :param b: the bandwidth of a link to the global switch (links to the box switch carry
        10·b)
    :returns: the topology, named ``paper-example`` for the defaults
    """
    sketch = Sketch("paper-example" if (boxes, gpus, b) == (2, 4, 1)
                    else f"paper-example:boxes={boxes},gpus={gpus},b={b}", units="b")
    glob = sketch.switch("global")
    for box in range(boxes):
        sw = sketch.switch(f"box{box}/switch", box)
        for g in range(gpus):
            c = sketch.compute(f"box{box}/c{g}", box)
            sketch.link(c, sw, 10 * b)
            sketch.link(c, glob, b)
    return sketch.topology()


FAMILY = Family(
    name="paper-example",
    summary="the paper's Figure 3: boxes of compute nodes, 10b to the box switch, b to a global switch",
    params=(Param("boxes", 2, "number of boxes", maximum=32768),
            Param("gpus", 4, "compute nodes per box", maximum=64),
            Param("b", 1, "inter-box bandwidth b (intra-box links carry 10b)", maximum=10**6)),
    build=build,
)

"""The throughput–depth Pareto front: for every tree depth h, the best algbw of a schedule
whose trees have depth at most h, as a certified interval (:mod:`.front`: :func:`pareto`);
column generation over weighted trees (:mod:`.master`, :mod:`.solve`) priced by the depth
MILP (:mod:`.pricing`) on the network's one-hop routes (:mod:`.network`); the point found
is folded over the network's automorphisms for a small k at the same optimum
(:mod:`.fold`)."""

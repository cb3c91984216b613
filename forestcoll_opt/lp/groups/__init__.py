"""The concurrent-groups LP: process groups running one collective at once, each on its
share of every link; the joint optimum as a certified interval (:mod:`.solve`), the LP with
lazy cuts folded by symmetry (:mod:`.model`), its exact certificates and witness shares
(:mod:`.certify`), and the same LP written out whole for ``models/`` (:mod:`.explicit`)."""

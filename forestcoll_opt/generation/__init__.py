"""Schedule generation: the bound, fixed k, edge splitting, tree packing, routing and in-network multicast."""

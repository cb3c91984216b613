"""Schedule generation: the bound, fixed k, edge splitting, tree packing, routing, in-network multicast, and the baseline schedules (baselines/)."""

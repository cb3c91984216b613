"""The network model: topologies, collectives, shard weights, the schedule format and the catalog of machines."""

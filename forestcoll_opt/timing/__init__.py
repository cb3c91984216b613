"""Time: the calibrated and the ideal alpha-beta models, NCCL's and RCCL's cost models, the fastest schedule per size."""

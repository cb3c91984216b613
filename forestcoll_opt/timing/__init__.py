"""Time: the alpha-beta model, NCCL's baselines, the fastest schedule per size."""

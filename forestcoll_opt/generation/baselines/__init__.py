"""Baseline schedules: what the libraries run today (NCCL's rings and trees, its all-to-all)
and the paper's generated baselines (Blink+Switch, MultiTree), built in the schedule format
so that the verifier, the simulator and the time model compare them with ForestColl's."""

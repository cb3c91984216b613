"""Collective runtimes' formats: MSCCL XML export and check, NCCL topology import."""

"""Graph kernels every algorithm stage runs on: integer max-flow and the topology's automorphism group."""

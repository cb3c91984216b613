"""The built-in topology catalog: one module per machine family, each exporting ``FAMILY``.

Installed as ``forestcoll_opt.models``; list it with ``forestcoll catalog``.
"""

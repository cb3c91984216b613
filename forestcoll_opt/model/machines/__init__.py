"""The built-in topology catalog: one module per machine family, each exporting ``FAMILY``.

Installed as ``forestcoll_opt.model.machines``; list it with ``forestcoll catalog``.
"""

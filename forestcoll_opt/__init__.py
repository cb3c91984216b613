"""forestcoll-opt: exact optimal throughput of collective communication (ForestColl).

Entry points: :func:`forestcoll_opt.catalog.resolve` (topology from a spec or file) and
:func:`forestcoll_opt.bound.bound` (the exact bound and its bottleneck cut).
"""

from .errors import (BoundError, CatalogError, FlowError, ForestCollError, TopologyError,
                     TopologyFormatError)

__version__ = "0.1.0"

__all__ = ["BoundError", "CatalogError", "FlowError", "ForestCollError", "TopologyError",
           "TopologyFormatError", "__version__"]

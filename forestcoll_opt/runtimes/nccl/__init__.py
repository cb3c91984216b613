"""The parts of the NCCL topology import (:mod:`forestcoll_opt.runtimes.nccl_import`): reading
the file (parsed by :mod:`forestcoll_opt.runtimes.xmlread`), the NCCL elements, skeleton
completion, link bandwidths and types, the box model and the fabrics joining boxes."""

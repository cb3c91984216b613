"""``pytest.param`` for every max-flow kernel, skipped where its package does not import
(the oldest-Python CI job installs no OR-Tools)."""

import pytest

from forestcoll_opt.kernels import flow
def kernel_params(kernels=flow.KERNELS):
    return [pytest.param(k, marks=pytest.mark.skipif(not flow.kernel_available(k),
                                                     reason=f"{k} does not import here"))
            for k in kernels]


EVERY_KERNEL = kernel_params()

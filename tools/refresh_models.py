#!/usr/bin/env python3
"""Rewrite models/ (the LPs as .lp/.mps files and their exact optima, and a copy of the time
model's calibration tables) from the code, or, with --check, list the files that differ
from what the code builds today and exit 1.

    python tools/refresh_models.py            # rewrite models/
    python tools/refresh_models.py --check    # what the test suite checks
"""

from __future__ import annotations

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from forestcoll_opt.lp.artifacts import stale_reference_models, write_reference_models  # noqa: E402
from forestcoll_opt.timing import constants  # noqa: E402

MODELS = os.path.join(os.path.dirname(HERE), "models")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--check", action="store_true",
                        help="only list the files that are stale or missing; exit 1 if any")
    args = parser.parse_args()
    if args.check:
        stale = stale_reference_models(MODELS) + constants.stale_copy(MODELS)
        for path in stale:
            print(f"models/{path} differs from what the code writes; run "
                  f"python tools/refresh_models.py")
        return 1 if stale else 0
    for path in write_reference_models(MODELS) + [constants.write_copy(MODELS)]:
        print(f"wrote models/{path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

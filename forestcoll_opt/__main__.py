"""``python -m forestcoll_opt ...`` runs the ``forestcoll`` command line."""

import sys

from .cli import main

sys.exit(main())

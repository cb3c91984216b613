"""``python -m forestcoll_opt ...`` runs the ``forestcoll`` command line."""

import sys

from .cli.commands import main

sys.exit(main())

"""The acceptance a user would do (issue 36, section 2; docs/validation.md, "Calibrated on
the library, predicting ForestColl"): calibrate the time model on the library's measured
ring curve of a cluster (an nccl-tests or rccl-tests log, :func:`.fitting.calibrate`), then
predict ForestColl's curve on the same cluster and so its speed-up over the library's
*measured* times, size by size.

Only the library's runs enter the fit; ForestColl's optimal schedule (``generate``, least k)
is timed with the fitted parameters (the efficiencies, κ, the overhead of that cluster),
nothing of it fitted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from ..generation.pipeline import generate
from ..model.catalog import resolve
from .fitting import CalibrationFit, calibrate
from .validation import _schedule_seconds


@dataclass(frozen=True)
class AcceptanceRow:
    """One size of the library's measured curve and ForestColl's predicted time.

    :ivar size_bytes: the message size
    :ivar library_measured_s: the library's measured time, seconds
    :ivar library_fitted_s: the fitted model's time of the library, seconds
    :ivar forestcoll_s: ForestColl's predicted time, seconds
    """

    size_bytes: int
    library_measured_s: float
    library_fitted_s: float
    forestcoll_s: float

    @property
    def speedup(self) -> float:
        """ForestColl's predicted speed-up over the library's measured time."""
        return self.library_measured_s / self.forestcoll_s


@dataclass(frozen=True)
class Acceptance:
    """The fit on the library's runs and ForestColl's predicted curve.

    :ivar fit: the calibration fitted on the library's runs
    :ivar collective: the collective's value
    :ivar rows: one per size of the first run, in the log's order
    """

    fit: CalibrationFit
    collective: str
    rows: tuple[AcceptanceRow, ...]

    def speedup_at(self, size_bytes: int) -> float:
        """The predicted speed-up at one measured size.

        :raises KeyError: for a size the log does not have
        """
        for r in self.rows:
            if r.size_bytes == size_bytes:
                return r.speedup
        raise KeyError(size_bytes)


def predict_from_library(topology: Any, logs: Iterable[Any], *,
                         collective: str | None = None) -> Acceptance:
    """Calibrate on the library's measured runs, predict ForestColl on the same cluster.

    :param topology: the cluster (a catalog spec, a file's path or a topology)
    :param logs: nccl-tests/rccl-tests logs of one collective (:func:`.fitting.calibrate`)
    :param collective: the collective of logs that cannot tell
    :returns: the fit and, per size of the first run, the library's measured and fitted
        times and ForestColl's predicted time
    :raises CalibrationError: as :func:`.fitting.calibrate`
    """
    topology = resolve(topology)
    fit = calibrate(topology, logs, collective=collective)
    coll = fit.runs[0]["collective"]
    schedule = generate(topology, collective=coll)
    first = [r for r in fit.residuals if r.run == 0]
    ours = _schedule_seconds(topology, schedule, fit.calibration,
                             [r.size_bytes for r in first])
    rows = tuple(AcceptanceRow(r.size_bytes, r.measured_s, r.predicted_s, o)
                 for r, o in zip(first, ours))
    return Acceptance(fit=fit, collective=coll, rows=rows)

"""The time model's constants as data (forestcoll_opt/timing/calibration.json, read by
forestcoll_opt.timing.constants): they load exactly, each cites its source, the package
ships the file, and models/calibration/ holds the same bytes."""

from __future__ import annotations

import json
import re
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from forestcoll_opt.errors import ForestCollError
from forestcoll_opt.timing import calibrated, constants, library

ROOT = Path(__file__).resolve().parents[2]


def test_the_calibrated_constants_load_exactly():
    """The values of docs/validation.md ("Parameters"), of the types the model computes
    with: Fractions for the efficiencies, the very floats for the rest."""
    assert calibrated.EFFICIENCY == {"nvlink": Fraction(23, 30), "infiniband": Fraction(24, 25),
                                     "ethernet": Fraction(24, 25), "xgmi": Fraction(81, 100),
                                     "pcie": Fraction(3, 4)}
    assert all(type(v) is Fraction for v in calibrated.EFFICIENCY.values())
    assert calibrated.RING_LATENCY == {"nccl": 3.4, "rccl": 3.0}
    assert calibrated.REDUCE_STEP == 3e-6 and calibrated.NET_OVERHEAD == 2e-6
    # the float NVIDIA/nccl#330's figures give, not the float nearest 6/7 (one ulp apart)
    assert calibrated.TREE_EFFICIENCY == (9.0 / 5.6) / (2 * 15 / 16) != 6 / 7
    default = calibrated.Calibration()
    assert default.efficiency == calibrated.EFFICIENCY and default.reduce_step == 3e-6


def test_the_library_tables_load_exactly():
    nccl, rccl = library.TABLES["nccl"], library.TABLES["rccl"]
    assert nccl.release == "NCCL 2.20.3" and rccl.protocols == ("LL", "Simple")
    assert nccl.base == {"tree": (6.8, 14.0, 0.0), "ring": (6.6, 14.0, 8.4)}
    assert nccl.hop["net"]["ring"] == (2.7, 4.0, 14.0)
    assert rccl.hop["nvlink"] == {"tree": (1.2, 1.2, 3.8), "ring": (2.3, 2.3, 2.7)}
    assert library._TREE_PER_CH["ampere"] == (24.0, 23.6, 17.8)
    assert library._ARCH == ("volta", "ampere", "hopper")
    assert [len(row) for row in library._NCCL_TREE_CORRECTION] == [23, 23, 23]
    assert library._RCCL_RING_CORRECTION[2][6:9] == (.04, .08, .09)
    assert all(type(v) is float for v in nccl.base["tree"])


def test_every_value_cites_its_source():
    found = constants.sources()
    assert len(found) == 5 + 2 + 3 + 8 + 4 == 22, sorted(found)   # model, then nccl, rccl
    empty = [path for path, source in found.items() if not source.strip()]
    assert not empty
    assert "nccl-tests#149" in found["efficiency.nvlink"]
    assert "NVIDIA/nccl@b6475625" in found["libraries.nccl.tree_per_channel"]
    assert "fitted" in found["ring_latency.nccl"] and "nccl#330" in found["tree_efficiency"]


def test_numbers_are_written_as_their_shortest_decimal_text():
    """A float is written as Python writes it back (``3e-06``, ``14.0``): the text is the
    value, with no digits that a reader could mistake for precision."""
    floats: list[str] = []
    json.loads(constants.text(), parse_float=lambda t: floats.append(t) or float(t),
               parse_int=lambda t: pytest.fail(f"an integer {t}: write numbers as floats"))
    assert floats and all(repr(float(t)) == t for t in floats), \
        [t for t in floats if repr(float(t)) != t]


@pytest.mark.parametrize("change, message", [
    (lambda d: d["efficiency"]["pcie"].update(value=0.75), "efficiency.pcie: '0.75' is not a 'p/q'"),
    (lambda d: d["efficiency"]["pcie"].update(value="6/8"), "'6/8' is not a 'p/q' fraction in "
                                                             "lowest terms"),
    (lambda d: d["reduce_step"].pop("source"), "reduce_step: needs a value and a source"),
    (lambda d: d["ring_latency"]["nccl"].update(value=3), "ring_latency.nccl: '3' is not a float"),
    (lambda d: d["libraries"]["nccl"]["base"]["value"]["ring"].pop(),
     "libraries.nccl.base.ring: not a list of 3 floats"),
])
def test_a_damaged_file_is_refused_naming_the_entry(monkeypatch, change, message):
    data = json.loads(constants.text())
    change(data)
    monkeypatch.setattr(constants, "text", lambda: json.dumps(data))
    with pytest.raises(ForestCollError, match=re.escape(message)):
        constants._load()


def test_models_holds_the_same_bytes(tmp_path):
    """models/calibration/calibration.json is a copy (tools/refresh_models.py writes it);
    a copy that differs by a byte is stale."""
    assert constants.stale_copy(ROOT / "models") == []
    assert (ROOT / "models" / "calibration" / "calibration.json").read_bytes() == \
        (ROOT / "forestcoll_opt" / "timing" / "calibration.json").read_bytes()
    assert constants.stale_copy(tmp_path) == ["calibration/calibration.json"]
    assert constants.write_copy(tmp_path) == "calibration/calibration.json"
    assert constants.stale_copy(tmp_path) == []
    copy = tmp_path / "calibration" / "calibration.json"
    copy.write_text(copy.read_text().replace('"23/30"', '"23/31"'))
    assert constants.stale_copy(tmp_path) == ["calibration/calibration.json"]


@pytest.mark.skipif(sys.version_info < (3, 11), reason="tomllib")
def test_the_package_ships_the_file():
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert config["tool"]["setuptools"]["package-data"]["forestcoll_opt.timing"] == \
        ["calibration.json"]

"""models/: the LPs written as files are the ones the code builds, and another run of HiGHS
on those files (read from disk, not built by this package) finds an optimum inside the
interval the package certifies."""

import json
import os
import shutil
from fractions import Fraction

import highspy
import pytest

from forestcoll_opt.lp.artifacts import (GROUPS_NETWORK, MPS_NETWORKS, REFERENCE_NETWORKS,
                                         stale_reference_models, write_reference_models)
from forestcoll_opt.model.catalog import build

MODELS = os.path.join(os.path.dirname(__file__), "..", "..", "models")
FOLDERS = [build(spec).name for spec in REFERENCE_NETWORKS]


def test_models_folder_is_what_the_code_writes():
    assert stale_reference_models(MODELS) == []


def _files():
    for spec, name in zip(REFERENCE_NETWORKS, FOLDERS):
        groups = ("groups", "groups-balanced") if spec == GROUPS_NETWORK[0] else ()
        for stem in ("allreduce", "alltoall", "alltoall-folded", "depth-2", *groups):
            yield name, stem, "lp"
            if spec in MPS_NETWORKS:
                yield name, stem, "mps"


@pytest.mark.parametrize("name,stem,ext", list(_files()))
def test_another_solver_run_on_the_file_lands_in_the_certified_interval(name, stem, ext):
    path = os.path.join(MODELS, name, f"{stem}.{ext}")
    with open(os.path.join(MODELS, name, "values.json"), encoding="utf-8") as fh:
        value = json.load(fh)["models"][stem]
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    assert h.readModel(path) == highspy.HighsStatus.kOk
    h.run()
    assert h.getModelStatus() == highspy.HighsModelStatus.kOptimal
    objective = h.getInfo().objective_function_value
    lower, upper = Fraction(value["objective_lower"]), Fraction(value["objective_upper"])
    assert float(lower) - 1e-7 <= objective <= float(upper) + 1e-7
    # objective x R is the algbw in the topology's units
    assert Fraction(value["algbw_upper"]) == upper * Fraction(value["reference"])


def test_a_changed_model_file_is_stale(tmp_path):
    folder = tmp_path / "models"
    shutil.copytree(MODELS, folder)
    name = FOLDERS[0]
    lp = folder / name / "allreduce.lp"
    text = lp.read_text(encoding="utf-8")
    assert "<= 0.125" in text
    lp.write_text(text.replace("<= 0.125", "<= 0.25", 1), encoding="utf-8")
    (folder / FOLDERS[1] / "alltoall.lp").unlink()
    assert stale_reference_models(folder) == [f"{name}/allreduce.lp", f"{FOLDERS[1]}/alltoall.lp"]


def test_values_that_miss_the_certified_interval_are_stale(tmp_path):
    folder = tmp_path / "models"
    shutil.copytree(MODELS, folder)
    path = folder / FOLDERS[0] / "values.json"
    values = json.loads(path.read_text(encoding="utf-8"))
    entry = values["models"]["allreduce"]
    # twice the optimum: a unit change (GB/s written as Gb/s, say) that no solver agrees with
    entry["algbw_lower"] = str(2 * Fraction(entry["algbw_lower"]))
    entry["algbw_upper"] = str(2 * Fraction(entry["algbw_upper"]))
    path.write_text(json.dumps(values), encoding="utf-8")
    assert stale_reference_models(folder) == [f"{FOLDERS[0]}/values.json"]
    path.write_text("{not json", encoding="utf-8")
    assert stale_reference_models(folder) == [f"{FOLDERS[0]}/values.json"]


def test_writing_twice_gives_the_same_bytes(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    paths = write_reference_models(a)
    assert write_reference_models(b) == paths
    for p in paths:
        if not p.endswith("values.json"):
            assert (a / p).read_bytes() == (b / p).read_bytes(), p

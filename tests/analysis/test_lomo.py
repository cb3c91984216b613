"""Leave one machine out: every measurement of the paper, each machine predicted with the
parameters fitted on the others (docs/validation.md pins the same numbers in its table)."""

import pytest

from forestcoll_opt.analysis.lomo import MACHINES, leave_one_machine_out, lomo_rows


@pytest.fixture(scope="module")
def results():
    return leave_one_machine_out()


def test_every_published_measurement_is_a_case_with_its_figure():
    cases = [c for m in MACHINES for c in m.cases]
    assert len(cases) == 26
    assert len({c.name for c in cases}) == 26
    assert all("Figure" in c.source for c in cases)
    assert [m.spec for m in MACHINES] == ["dgx-a100:boxes=2", "mi250:boxes=2,gpus=8",
                                          "mi250:boxes=2", "dgx-h100:boxes=16",
                                          "dgx-h100:boxes=1"]


def test_held_out_parameters_and_ratios(results):
    by_machine = {}
    for r in results:
        by_machine.setdefault(r.machine, set()).add((r.kappa, round(r.reduce_step * 1e6, 3)))
    # fitted without the machine itself: each held-out machine has its own pair
    assert by_machine == {"2x DGX A100": {(1.6, 1.5)}, "2x MI250 8+8": {(2.0, 1.5)},
                          "2x MI250 16+16": {(3.2, 2.0)}, "16x DGX H100": {(2.2, 2.0)},
                          "1x DGX H100": {(2.2, 2.0)}}
    ratio = {r.case.name: r.ratio for r in results}
    assert ratio["a100-allgather-1GB"] == pytest.approx(1.003, abs=0.002)
    assert ratio["a100-allgather-mean"] == pytest.approx(0.639, abs=0.002)
    assert ratio["h100-16x8-reduce-scatter-1GB"] == pytest.approx(1.131, abs=0.002)
    assert ratio["mi250-16+16-allgather-1GB"] == pytest.approx(1.784, abs=0.002)
    within = [r for r in results if abs(r.ratio - 1) <= 0.15]
    assert len(within) == 19
    wins = [r.winner_right for r in results if r.winner_right is not None]
    assert (sum(wins), len(wins)) == (13, 15)
    wrong = sorted(r.case.name for r in results if r.winner_right is False)
    assert wrong == ["mi250-16+16-allgather-1GB", "mi250-16+16-reduce-scatter-1GB"]


def test_rows_are_csv_ready(results):
    rows = lomo_rows(results)
    assert len(rows) == 26
    first = rows[0]
    assert first["held_out"] == "2x DGX A100" and first["within_15pct"] == "True"
    assert first["winner_right"] == "True" and first["measured_kind"] == "number"
    comparable = [r for r in rows if r["measured_kind"] == "comparable"]
    assert len(comparable) == 4

"""Sweeps and comparisons run through an executor: local processes or a Dask cluster give
the same rows, in the same order, as the sequential run (timings aside)."""

from concurrent.futures import ProcessPoolExecutor

import pytest

from forestcoll_opt.analysis.sweeps import compare, iter_sweep, sweep
from forestcoll_opt.model.catalog import build
from forestcoll_opt.cli import main
from forestcoll_opt.errors import UsageError

TIMES = ["seconds", "lp_seconds", "lp_schedule_seconds"]


def same(a, b):
    drop = [c for c in TIMES if c in a.columns]
    return a.drop(columns=drop).equals(b.drop(columns=drop))


@pytest.fixture(scope="module")
def dask_client():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        yield client


def test_sweep_and_compare_on_a_dask_cluster_match_the_sequential_run(dask_client):
    topo = build("mi250:boxes=2,gpus=8")
    ks = [4, 1, 3, 2]                                  # order of the input, not of k
    here = sweep(topo, ks)
    there = sweep(topo, ks, executor=dask_client)
    assert list(there["k"]) == ks and same(here, there)
    topologies = [build("paper-example"), build("mi250:boxes=2,gpus=8")]
    assert same(compare(topologies), compare(topologies, executor=dask_client))


def test_sweep_in_local_processes_matches_and_streams_in_order():
    topo = build("paper-example")
    with ProcessPoolExecutor(2) as pool:
        rows = list(iter_sweep(topo, [3, 1, 2], executor=pool))
    assert [r["k"] for r in rows] == [3, 1, 2]
    plain = list(iter_sweep(topo, [3, 1, 2]))
    assert [{k: v for k, v in r.items() if k != "seconds"} for r in rows] == \
        [{k: v for k, v in r.items() if k != "seconds"} for r in plain]


def test_errors_inside_a_worker_come_back_typed(monkeypatch):
    from concurrent.futures import ThreadPoolExecutor

    from forestcoll_opt.analysis import sweeps as analysis
    from forestcoll_opt.errors import ScheduleError

    topo = build("paper-example")
    with pytest.raises(UsageError, match="executor must be"):
        list(iter_sweep(topo, [1], executor=object()))
    real = analysis.generate

    def failing(topology, *, collective, k, **kw):
        if k == 2:
            raise ScheduleError("k = 2 fails here")
        return real(topology, collective=collective, k=k, **kw)

    monkeypatch.setattr(analysis, "generate", failing)
    with ThreadPoolExecutor(2) as pool:
        rows = iter_sweep(topo, [1, 2, 3], executor=pool)
        assert next(rows)["k"] == 1
        with pytest.raises(ScheduleError, match="k = 2 fails here"):
            next(rows)


def test_cli_jobs_and_dask_options(capsys, tmp_path, dask_client):
    assert main(["sweep-k", "paper-example", "--k", "1-3", "--jobs", "2",
                 "--csv", str(tmp_path / "a.csv")]) == 0
    assert main(["sweep-k", "paper-example", "--k", "1-3", "--csv", str(tmp_path / "b.csv")]) == 0
    strip = lambda p: [line.rsplit(",", 1)[0] for line in p.read_text().splitlines()]
    assert strip(tmp_path / "a.csv") == strip(tmp_path / "b.csv")
    address = dask_client.scheduler.address
    assert main(["compare", "paper-example", "--dask", address, "-q"]) == 0
    capsys.readouterr()
    assert main(["sweep-k", "paper-example", "--jobs", "2", "--dask", address]) == 2
    assert "not allowed with" in capsys.readouterr().err


@pytest.mark.parametrize("argv, message", [
    (["--jobs", "0"], "whole number of processes"),
    (["--jobs", "x"], "whole number of processes"),
    (["--dask", "notanaddress"], "not a scheduler address"),
    (["--dask", "tcp://scheduler"], "not a scheduler address"),
])
def test_bad_executor_options_are_one_line_and_exit_2(capsys, argv, message):
    pytest.importorskip("distributed")
    assert main(["sweep-k", "paper-example", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1

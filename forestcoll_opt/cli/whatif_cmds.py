"""``forestcoll whatif``: what every single failure costs and what an upgrade buys, exactly
(:mod:`forestcoll_opt.analysis.whatif`), and the degraded topology as a file; plus the
``--fail`` option ``generate`` and ``verify`` share."""

from __future__ import annotations

import argparse
import json
from typing import Any, Sequence

from ..analysis.whatif import (BY, FailureImpact, UpgradeImpact, failure_impact, parse_factor,
                               upgrade_impact)
from ..errors import UsageError
from ..files import check_output, write_output
from ..model.catalog import resolve
from ..model.collective import TREES, Collective
from ..model.faults import degrade, link_target
from ..model.topology import Topology
from .args import TOPOLOGY_HELP, add_group, add_kernel, group_topology, int_arg, kinds_arg, output_arg
from .output import (Progress, check_one_stdout, csv_text, destination, exact_cells, exact_header,
                     exact_num, human_output)


def add_whatif(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("whatif", help="what every single failure (link, NIC, switch, box) "
                                      "costs, and what an upgrade buys, exactly",
                       description="Every single failure of the kinds --fail names, ranked by "
                       "the exact optimum left (failures the topology's symmetry maps onto "
                       "each other computed once); with --upgrade, which links raised by a "
                       "factor raise the optimum (links that miss a bottleneck cut skipped, "
                       "proven useless). See docs/whatif.md.")
    p.add_argument("topology", help=TOPOLOGY_HELP)
    p.add_argument("--collective", choices=TREES, default="allgather",
                   help="the collective (allreduce: the reduce-scatter + allgather tree "
                        "optimum, failures ranked against the allreduce generate writes; "
                        "default allgather)")
    p.add_argument("--root", help="root compute node (broadcast, reduce)")
    p.add_argument("--fail", type=kinds_arg, metavar="KINDS",
                   help="the failures: link, nic, switch, box, a comma list, or all "
                        "(default link, unless --upgrade is given alone)")
    p.add_argument("--scenario", metavar="ID[,ID...]", action="append",
                   help="instead, what these parts failing together cost (a comma list of "
                        "failure ids, ID=KEEP for a degraded link or NIC); repeat for more "
                        "scenarios")
    p.add_argument("--sample", type=int_arg, metavar="K",
                   help="instead, draw K random scenarios of --failures parts each (of the "
                        "kinds --fail names, default link) and give the distribution of the "
                        "fraction lost")
    p.add_argument("--failures", type=int_arg, default=1, metavar="N",
                   help="with --sample: the parts failing together in each scenario "
                        "(default 1)")
    p.add_argument("--seed", type=int_arg, default=0,
                   help="with --sample: the seed of the draw (default 0)")
    p.add_argument("--plot", metavar="FILE",
                   help="with --scenario or --sample: also draw the distribution of the "
                        "fraction lost to FILE (.svg, .png or .pdf; needs matplotlib)")
    p.add_argument("--upgrade", metavar="FACTOR",
                   help="raise links by FACTOR (above 1, e.g. 2x or 1.5x) and rank the gains")
    p.add_argument("--by", choices=BY,
                   help="with --upgrade: every link alone (default), every class of "
                        "symmetric links together, or every link type and all NIC links "
                        "together")
    p.add_argument("--top", type=int_arg, help="print only the first N rows (--sample: the "
                                                "N costliest scenarios, default 10)")
    p.add_argument("--csv", type=output_arg, metavar="FILE",
                   help="also write every failure (or upgrade) to this CSV file")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--write", metavar="ID",
                   help="instead, write the topology failure ID leaves (e.g. link:A--B) to -o")
    p.add_argument("-o", "--output", type=output_arg,
                   help="with --write: the topology file (- for standard output)")
    p.add_argument("--no-symmetry", dest="symmetry", action="store_false",
                   help="compute every failure, not one per class of symmetric failures")
    p.add_argument("-q", "--quiet", action="store_true",
                   help="no progress bars on stderr (-v still logs each stage)")
    add_group(p, "the failures and upgrades as they cost or help this process group (a comma "
                 "list of node ids or globs), the other compute nodes relaying as switches")
    add_kernel(p)
    p.set_defaults(func=cmd_whatif)


def cmd_whatif(args: argparse.Namespace) -> int:
    if args.write is not None:
        return _write(args)
    if args.scenario or args.sample is not None:
        return _scenarios(args)
    if args.plot is not None:
        raise UsageError("--plot draws the scenarios' losses; add --scenario or --sample K")
    if args.output is not None:
        raise UsageError("-o writes the topology --write ID leaves; add --write ID, or use "
                         "--csv/--json for the table")
    if args.by is not None and args.upgrade is None:
        raise UsageError("--by chooses how --upgrade groups the links; add --upgrade FACTOR")
    factor = parse_factor(args.upgrade) if args.upgrade is not None else None
    kinds = args.fail if args.fail is not None else (None if factor else ("link",))
    if args.csv and kinds and factor:
        raise UsageError("--csv holds one table: run the failures (--fail) and the upgrades "
                         "(--upgrade) separately")
    if args.csv:
        check_one_stdout(args.csv, args.json)
        check_output(args.csv, label="--csv", inputs=[args.topology])
    topo = group_topology(args, resolve(args.topology))
    with Progress(args.quiet, "whatif") as progress:
        failed = None if not kinds else failure_impact(
            topo, collective=args.collective, root=args.root, kinds=kinds,
            kernel=args.kernel, symmetry=args.symmetry, progress=progress)
        raised = None if not factor else upgrade_impact(
            topo, factor=factor, by=args.by or "link", collective=args.collective,
            root=args.root, kernel=args.kernel, symmetry=args.symmetry, progress=progress)
    if args.csv:
        write_output(args.csv, _failure_csv(failed) if failed else
                     _upgrade_csv(topo, raised))
    if args.json:
        out: dict[str, Any] = {}
        if failed:
            out["failures"] = failed.to_dict()
        if raised:
            out["upgrades"] = raised.to_dict()
        print(json.dumps(out, indent=2))
        return 0
    with human_output(args.csv):       # --csv -: standard output holds the CSV alone
        report = failed or raised
        assert report is not None
        print(f"topology        {topo.name}: {len(topo.compute_nodes)} compute, "
              f"{len(topo.switch_nodes)} switch nodes")
        root = f" from root {report.root}" if report.root else ""
        what = ""
        if report.collective is Collective.ALLREDUCE:
            # failures: the default allreduce's (named); upgrades: the tree optimum
            what = (f": {failed.reference}; each failure's algbw is the reduce-scatter + "
                    f"allgather tree optimum left" if failed else
                    " (the reduce-scatter + allgather tree optimum)")
        print(f"collective      {report.collective}{root}, optimum {exact_num(report.algbw)} "
              f"{topo.units}{what}")
        if failed:
            _print_failures(failed, args.top)
        if raised:
            if failed:
                print()
            _print_upgrades(raised, args.top)
        return 0


def _write(args: argparse.Namespace) -> int:
    if args.output is None:
        raise UsageError("--write ID needs -o FILE, the topology file to write (- for "
                         "standard output)")
    if args.upgrade is not None or args.fail is not None or args.csv or args.json:
        raise UsageError("--write ID writes one degraded topology; drop --fail, --upgrade, "
                         "--csv and --json")
    check_output(args.output, label="-o", inputs=[args.topology])
    topo = resolve(args.topology)
    degraded = degrade(topo, args.write)
    write_output(args.output, degraded.to_json())
    out, where = destination(args.output)
    print(f"wrote {where}: {degraded.name!r}, {len(degraded.compute_nodes)} compute and "
          f"{len(degraded.switch_nodes)} switch nodes; bound, generate and verify run on it as "
          f"on any topology", file=out)
    return 0


def _percent(value: Any) -> str:
    return f"{float(value):.2%}"


def _table(header: Sequence[str], rows: list[Sequence[str]], right: set[int]) -> None:
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(header)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(c.rjust(w) if i in right else c.ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    print(line(header))
    for r in rows:
        print(line(r))


def _print_failures(r: FailureImpact, top: int | None) -> None:
    kinds = "/".join(r.kinds)
    group = (f"{r.generators} automorphism generators" if r.generators
             else "no automorphism used")
    print(f"failures        {r.failures} single {kinds} failure{'s' * (r.failures != 1)} in "
          f"{len(r.classes)} class{'es' * (len(r.classes) != 1)} ({group}), {r.seconds:.1f} s")
    if not r.classes:
        return
    shown = r.classes[:top] if top else r.classes
    print()
    _table(("rank", "failure", "count", f"algbw ({r.units})", "lost", "status", "note"),
           [(str(c.rank), c.failure, str(len(c.failures)), exact_num(c.algbw),
             _percent(c.lost), c.status, c.note) for c in shown], right={0, 2, 3, 4})
    if len(shown) < len(r.classes):
        print(f"... the {len(shown)} costliest of {len(r.classes)} classes (--csv or --json "
              f"for all)")
    print()
    print("count: failures the topology's symmetry maps onto this one (computed once); "
          "ok: generate --fail FAILURE builds a schedule reaching it")


def _print_upgrades(r: UpgradeImpact, top: int | None) -> None:
    alone = {"link": "every link alone", "class": "every class of links together",
             "type": "every link type, and all NIC links, together"}[r.by]
    count = sum(len(u.members) for u in r.upgrades)
    classes = (f" in {len(r.upgrades)} class{'es' * (len(r.upgrades) != 1)}"
               if r.by == "link" else "")
    print(f"upgrades        x{r.factor}, {alone}: {count} candidates{classes}, "
          f"{r.seconds:.1f} s")
    print(f"skipped         {r.skipped} of {len(r.upgrades)}: each misses one of the {r.cuts} "
          f"bottleneck cuts found (none of its links crosses it), so it cannot raise the "
          f"optimum")
    if not r.raising:
        print(f"none raises the optimum {exact_num(r.algbw)} {r.units}")
    shown = r.upgrades[:top] if top else r.upgrades
    print()
    per_link = r.by == "link"
    header = ("rank", "upgrade") + (("count",) if per_link else ("links",)) + (
        f"algbw ({r.units})", "gain", "status") + (() if per_link else ("e.g.",))
    _table(header, [
        (str(u.rank), u.name, str(len(u.members) if per_link else len(u.links)),
         exact_num(u.algbw), _percent(u.gain), "skipped (cut)" if u.skipped else u.status)
        + (() if per_link else (f"{u.links[0][0]}--{u.links[0][1]}",)) for u in shown],
        right={0, 2, 3, 4})
    if len(shown) < len(r.upgrades):
        print(f"... the first {len(shown)} of {len(r.upgrades)} (--csv or --json for all)")
    if per_link:
        print()
        print("count: links the topology's symmetry maps onto this one, each raised alone "
              "(computed once)")


def _failure_csv(r: FailureImpact) -> str:
    return csv_text(("failure", "kind", "rank", "count", *exact_header("algbw"),
                     *exact_header("lost"), "status", "compute", "note"),
                    [(f, c.kind, c.rank, len(c.failures), *exact_cells(c.algbw),
                      *exact_cells(c.lost), c.status, c.compute, c.note)
                     for c in r.classes for f in c.failures])


def _upgrade_csv(topo: Topology, r: UpgradeImpact) -> str:
    return csv_text(("upgrade", "rank", "links", "count", "example", *exact_header("algbw"),
                     *exact_header("gain"), "status", "skipped"),
                    [(m, u.rank, len(u.links), len(u.members),
                      link_target(topo, *u.links[0]), *exact_cells(u.algbw),
                      *exact_cells(u.gain), u.status, u.skipped)
                     for u in r.upgrades for m in u.members])


SAMPLE_ROWS = 10
"""The drawn scenarios ``whatif --sample`` prints without ``--top`` (the costliest; the
distribution line sums them all up)."""


def _scenarios(args: argparse.Namespace) -> int:
    """``--scenario`` / ``--sample``: several failures at once
    (:func:`forestcoll_opt.analysis.scenarios.scenario_impact`)."""
    from ..analysis.scenarios import scenario_impact

    if args.scenario and args.sample is not None:
        raise UsageError("--scenario names the failures, --sample draws them: give one")
    if args.scenario and args.fail is not None:
        raise UsageError("--fail chooses the kinds of failures ranked one by one or drawn by "
                         "--sample; --scenario names its parts itself: drop --fail")
    if args.upgrade is not None or args.csv or args.output is not None:
        raise UsageError("--scenario and --sample print the scenarios' costs (or --json); "
                         "drop --upgrade, --csv and -o")
    if args.plot is not None:
        from ..draw.canvas import format_of

        format_of(args.plot)           # a wrong extension is refused before any work
        check_output(args.plot, label="--plot", inputs=[args.topology])
    topo = group_topology(args, resolve(args.topology))
    scenarios = None if args.sample is not None else [
        [w.strip() for w in text.split(",") if w.strip()] for text in args.scenario]
    report = scenario_impact(topo, scenarios, sample=args.sample, failures=args.failures,
                             seed=args.seed, kinds=args.fail or ("link",),
                             collective=args.collective, root=args.root, kernel=args.kernel)
    if args.plot is not None:
        from ..draw import save_drawing
        from ..draw.scenario_plot import loss_distribution

        save_drawing(loss_distribution(report), args.plot)
    if args.json:
        print(json.dumps(report.to_dict(), indent=2))
        return 0
    print(f"topology        {topo.name}: {len(topo.compute_nodes)} compute, "
          f"{len(topo.switch_nodes)} switch nodes")
    print(f"collective      {report.collective}, optimum {exact_num(report.algbw)} {topo.units}")
    d = report.distribution
    drawn = (f"{len(report.scenarios)} drawn, {args.failures} part(s) failing together "
             f"in each (seed {args.seed})" if report.sampled else
             f"{len(report.scenarios)} given")
    print(f"scenarios       {drawn}, {report.seconds:.1f} s")
    print("lost            " + ", ".join(f"{k} {float(v):.2%}" for k, v in d.items()))
    print()
    rows = list(report.scenarios)
    top = args.top
    if report.sampled:      # drawn: the costliest first, the first SAMPLE_ROWS by default
        rows.sort(key=lambda s: -s.lost)
        top = top or SAMPLE_ROWS
    rows = rows[:top] if top else rows
    width = max(len(",".join(s.failures)) for s in rows)
    head = f"algbw ({topo.units})"
    numbers = max(len(head), *(len(exact_num(s.algbw)) for s in rows))
    print(f"{'failures':<{width}}  {head:>{numbers}}  {'lost':>7}  status  note")
    for s in rows:
        print(f"{','.join(s.failures):<{width}}  {exact_num(s.algbw):>{numbers}}  "
              f"{float(s.lost):>7.2%}  {s.status:<6}  {s.note}".rstrip())
    if len(rows) < len(report.scenarios):
        which = "costliest" if report.sampled else "first"
        print(f"... the {len(rows)} {which} of {len(report.scenarios)} (--top N for more, "
              f"--json for all)")
    if args.plot is not None:
        print(f"wrote {args.plot}: the distribution of the fraction lost")
    return 0

"""Compact schedules (forestcoll-schedule/3) against plain ones; writes data/bench_compact.csv.

    python benchmarks/compact.py                 # dgx-h100:boxes=128 (1024 GPUs)
    python benchmarks/compact.py --quick         # dgx-h100:boxes=16

For each topology: one compact allgather schedule is generated (``generate --compact``),
written, and expanded to the plain schedule it stands for (``forestcoll expand``). Then,
each in a fresh process as a user runs it, ``forestcoll verify TOPO compact.json`` and
``forestcoll verify TOPO plain.json``. The row gives both files' sizes (plain JSON and
gzip), the seconds of each command, the group's order and the trees written, and
``same_verdict``: both verdicts' JSON (``--json``) are equal.
"""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import run

BIN = Path(sys.executable).parent / "forestcoll"
FULL = ["dgx-h100:boxes=128"]
QUICK = ["dgx-h100:boxes=16"]


def _timed(*argv: str) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run([str(BIN), *argv], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"forestcoll {' '.join(argv)}: {done.stderr.strip()}")
    return seconds, done.stdout


def measure(spec: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        compact, plain = Path(tmp) / "compact.json", Path(tmp) / "plain.json"
        generate_s, _ = _timed("generate", spec, "--compact", "-q", "-o", str(compact))
        expand_s, _ = _timed("expand", spec, str(compact), "-o", str(plain))
        verify_compact_s, v_compact = _timed("verify", spec, str(compact), "--json")
        verify_plain_s, v_plain = _timed("verify", spec, str(plain), "--json")
        doc = json.loads(compact.read_text())
        text_c, text_p = compact.read_bytes(), plain.read_bytes()
        from forestcoll_opt.model.schedule import load

        sched = load(compact, expand=False)
        return {
            "spec": spec, "compute_nodes": len(doc["compute_nodes"]),
            "group_order": sched.group_order, "generators": len(doc["group"]),
            "representatives": len(doc["orbits"]), "single_trees": len(doc.get("trees", [])),
            "trees": sched.num_trees,
            "compact_bytes": len(text_c), "plain_bytes": len(text_p),
            "compact_gz_bytes": len(gzip.compress(text_c, mtime=0)),
            "plain_gz_bytes": len(gzip.compress(text_p, mtime=0)),
            "size_ratio": round(len(text_p) / len(text_c), 1),
            "generate_compact_s": round(generate_s, 2), "expand_s": round(expand_s, 2),
            "verify_compact_s": round(verify_compact_s, 2),
            "verify_plain_s": round(verify_plain_s, 2),
            "same_verdict": json.loads(v_compact) == json.loads(v_plain),
        }


if __name__ == "__main__":
    sys.exit(run(__doc__, "bench_compact.csv", FULL, QUICK, measure))

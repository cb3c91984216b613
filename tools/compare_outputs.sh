#!/usr/bin/env bash
# usage: tools/compare_outputs.sh VENV_A VENV_B
# Runs the same commands (bound, generate, verify, baseline, simulate, show, export msccl,
# check-xml, lp, sweep-k, catalog, schema, show-traffic, expand on the catalog's machines, a
# few refused outputs, and every command's --help) with two installs of
# forestcoll-opt, each in its own folder, and compares every output byte for byte: the
# files written, and standard output with the measured seconds blanked. Use it to show that
# a change of structure changes nothing a user sees, e.g. for two checkouts:
#   python3 -m venv /tmp/a && /tmp/a/bin/pip install -q ./old
#   python3 -m venv /tmp/b && /tmp/b/bin/pip install -q ./new
#   tools/compare_outputs.sh /tmp/a /tmp/b
set -u
A="$1"; B="$2"
root=$(mktemp -d)
run() {  # venv dir
    local venv="$1" dir="$2"
    mkdir -p "$dir"; cd "$dir"
    local fc="$venv/bin/forestcoll"
    {
    for spec in paper-example dgx-a100:boxes=2 dgx-a100:boxes=4 dgx-a100:boxes=8 mi250:boxes=2 mi250:boxes=2,gpus=8 dgx-h100:boxes=2 dgx-h100:boxes=2,nvls=1 dgx-a100:boxes=16; do
        tag=$(echo "$spec" | tr ':=,' '___')
        $fc bound "$spec" --json
        $fc bound "$spec"
        for c in allgather reduce-scatter allreduce; do
            $fc generate "$spec" --collective $c -q -o "gen-$tag-$c.json"
            $fc verify "$spec" "gen-$tag-$c.json" --against trees
        done
        $fc generate "$spec" --collective broadcast --root "$($fc show "$spec" --json | python3 -c 'import json,sys; print([n["id"] for n in json.load(sys.stdin)["nodes"] if n["kind"]=="compute"][0])')" -q -o "gen-$tag-bc.json"
        $fc baseline ring "$spec" -o "ring-$tag.json"
        $fc simulate "$spec" "gen-$tag-allgather.json" --sizes 1MiB,1GiB --json
        $fc show "$spec" --json > "show-$tag.json"
    done
    $fc export msccl dgx-a100:boxes=2 gen-dgx-a100_boxes_2-allgather.json -o ag.xml
    $fc check-xml dgx-a100:boxes=2 ag.xml
    $fc lp allreduce mi250:boxes=2,gpus=8 --json | python3 -c 'import json,sys; d=json.load(sys.stdin); d.pop("seconds",None); print(json.dumps(d,sort_keys=True))'
    $fc sweep-k mi250:boxes=2 --k 1-4
    $fc catalog
    $fc schema schedule-2 > schema.json
    # what the CLI prints from the library's results and its own parser
    $fc show-traffic dgx-h100:boxes=2,nvls=1 gen-dgx-h100_boxes_2_nvls_1-allgather.json --top 5 --csv traffic.csv
    $fc generate mi250:boxes=2,gpus=8 -q -o mi-ag.json
    $fc export msccl mi250:boxes=2,gpus=8 mi-ag.json -o mi-ag.xml
    $fc check-xml mi250:boxes=2,gpus=8 mi-ag.xml
    $fc check-xml mi250:boxes=2,gpus=8 mi-ag.xml --json
    $fc generate dgx-a100:boxes=2 --compact -q -o compact.json
    $fc expand dgx-a100:boxes=2 compact.json -o expanded.json
    $fc show paper-example --json | python3 -c 'import json,sys; c=[n["id"] for n in json.load(sys.stdin)["nodes"] if n["kind"]=="compute"]; print(json.dumps({v: 2 if i == 0 else 1 for i, v in enumerate(c)}))' > weights.json
    $fc bound paper-example --weights weights.json --json
    $fc generate paper-example -o . ; $fc simulate paper-example no-such.json --csv .
    for cmd in "" catalog show generate expand sweep-k verify lp compare "export msccl" show-traffic simulate baseline tradeoff check-xml example "import nccl" whatif schema bound draw report; do
        COLUMNS=100 $fc $cmd --help
    done
    } 2>&1 | grep -v "^seconds" | sed -E 's/[0-9]+\.[0-9]+( s\b|$)/T\1/g; s/"[a-z_]*seconds": [0-9.e-]+/"seconds": T/g' > stdout.txt
}
run "$A" "$root/a" &
run "$B" "$root/b" &
wait
if diff -r "$root/a" "$root/b" > "$root/diff.txt"; then
    echo "identical: $(ls "$root/a" | wc -l) outputs ($root)"
else
    echo "DIFFERENT ($root/diff.txt):"; head -40 "$root/diff.txt"; exit 1
fi

#!/usr/bin/env bash
# Times `run` against the numpy water-filling peer on one generated case per size, whole processes,
# three times each, interleaved; prints wall seconds and peak RSS (KB) per execution.
#   bash docs/peer/side_by_side.sh target/monkey-eval.jar 10000 100000 1000000
set -euo pipefail
jar=$1; shift
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for r in "$@"; do
  python3 "$here/gen_case.py" "$r" 1 "$work/c$r"
  for i in 1 2 3; do
    /usr/bin/time -f "run   r=$r try=$i %e s %M KB" java -Xmx1g -jar "$jar" run --cases "$work/c$r" \
        --out "$work/o$r" > /dev/null 2> "$work/err" || { cat "$work/err"; exit 1; }
    tail -n 1 "$work/err"
    /usr/bin/time -f "numpy r=$r try=$i %e s %M KB" python3 "$here/numpy_waterfill.py" "$work/c$r/big.json" \
        "$work/peer$r.csv" 2> "$work/err" > /dev/null || { cat "$work/err"; exit 1; }
    tail -n 1 "$work/err"
  done
done

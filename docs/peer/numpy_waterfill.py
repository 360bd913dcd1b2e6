"""Peer for the side-by-side timing of `run` (docs/benchmarks.md): Monkey's allocation of one case by
numpy water-filling (sort by entries, cumulative sums, closed-form threshold over the active prefix),
written as rows.csv with the same columns. Not part of the tool; numpy is the only dependency.

    python3 numpy_waterfill.py CASE.json OUT.csv
"""
import json
import sys

import numpy as np

C = np.log(2.0) ** 2


def solve(n, m):
    order = np.argsort(n, kind="stable")
    ns = n[order].astype(np.float64)
    total = ns.sum()
    lnw = np.log(ns) - np.log(total)
    prefix_n = np.cumsum(ns)
    prefix_nlnw = np.cumsum(ns * lnw)
    # t over the first k runs; the active set is the largest k whose last run still gets bits
    t = (C * m + prefix_nlnw) / prefix_n
    active = int(np.nonzero(lnw < t)[0].max()) + 1 if m > 0 else 0
    b = np.zeros(len(n))
    if active:
        b_sorted = np.maximum(0.0, (t[active - 1] - lnw[:active]) / C)
        b[order[:active]] = b_sorted
    return b, total


def main():
    case = json.load(open(sys.argv[1]))
    n = np.array([r["entries"] for r in case["runs"]], dtype=np.int64)
    bpe = case["budget"]["bitsPerEntry"]
    b, total = solve(n, bpe * n.sum())
    w = n / total
    uniform = np.full(len(n), bpe)
    pu = np.exp(-C * uniform)
    po = np.exp(-C * b)
    with open(sys.argv[2], "w", newline="") as f:
        f.write("case_id,run,run_name,entries,weight,uniform_bits_per_entry,uniform_ideal_fpr,optimized_bits_per_entry,"
                "optimized_ideal_fpr,uniform_filter_bits,optimized_filter_bits,optimized_over_uniform_fpr,level,lookup_weight\r\n")
        cid = case["id"]
        rows = zip(range(1, len(n) + 1), n.tolist(), w.tolist(), uniform.tolist(), pu.tolist(), b.tolist(),
                   po.tolist(), (uniform * n).tolist(), (b * n).tolist(), (po / pu).tolist())
        f.writelines(f"{cid},{i},,{ni},{wi!r},{ub!r},{up!r},{ob!r},{op!r},{uf!r},{of!r},{r!r},,1\r\n"
                     for i, ni, wi, ub, up, ob, op, uf, of, r in rows)


if __name__ == "__main__":
    main()

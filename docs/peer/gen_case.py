"""One case of R runs for the side-by-side timing of `run` (docs/benchmarks.md): entries log-uniform
in [10^3, 10^9] from a seeded generator, 8 bits per entry.

    python3 gen_case.py R SEED FOLDER     # writes FOLDER/big.json
"""
import os
import random
import sys

runs, seed, folder = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rnd = random.Random(seed)
os.makedirs(folder, exist_ok=True)
with open(os.path.join(folder, "big.json"), "w") as f:
    f.write('{"id": "big", "runs": [')
    f.write(",".join('{"entries": %d}' % int(10 ** rnd.uniform(3, 9)) for _ in range(runs)))
    f.write('], "budget": {"bitsPerEntry": 8}}')

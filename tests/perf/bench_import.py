"""Import benchmark (a script, not a test): ``python tests/perf/bench_import.py``.

Generates a vLLM ``--save-detailed`` result of about 50 MB (10,000 requests with their ITL
arrays) and a 200,000-row AIPerf-style per-request CSV, then measures in the same run:

* JSON import time vs ``orjson.loads`` on the same bytes (the parse floor); target <= 1.2 x.
  Wall time is the target (best of 9 each, the two taking turns so that other load falls on
  both alike; the ratio of the medians and the load average are printed too). The import
  parses on two threads, so other load on the machine hurts it more than the single-threaded
  floor. The CPU-time ratio (all threads) is printed too;
* peak memory of the JSON import vs the file size; target <= 3 x. Measured as the peak
  resident memory the import adds in a fresh process (Linux VmHWM after resetting it), which
  counts numpy's and pandas' C allocations; tracemalloc's figure (Python allocations, and
  orjson's untouched worst-case value pool) is printed too;
* the CSV import time: 200,000 AIPerf-style per-request rows read through a declared column
  mapping (``--per-request``) and reduced to one run.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import numpy as np
import orjson

from deepdecide.importers.base import ImportContext
from deepdecide.importers.registry import import_file

N_REQUESTS = 10_000
CSV_ROWS = 200_000


def make_detailed(path: Path, n: int = N_REQUESTS, seed: int = 1) -> None:
    rng = np.random.default_rng(seed)
    out_lens = rng.integers(150, 350, n)
    ttfts = rng.uniform(0.05, 0.5, n)
    itls = [np.round(rng.uniform(0.004, 0.03, int(k) - 1), 17).tolist() for k in out_lens]
    lat = ttfts + np.array([sum(x) for x in itls])
    pooled = np.concatenate([np.asarray(x) for x in itls])
    tpot = (lat - ttfts) / (out_lens - 1)
    rec = {"date": "20250601-120000", "backend": "vllm", "model_id": "deepseek-ai/DeepSeek-V4-Flash",
           "tokenizer_id": "deepseek-ai/DeepSeek-V4-Flash", "num_prompts": n, "request_rate": "inf",
           "burstiness": 1.0, "max_concurrency": 256, "duration": 600.0, "completed": n,
           "total_input_tokens": 1000 * n, "total_output_tokens": int(out_lens.sum()),
           "request_throughput": n / 600.0, "output_throughput": int(out_lens.sum()) / 600.0,
           "total_token_throughput": (1000 * n + int(out_lens.sum())) / 600.0}
    for key, arr in (("ttft", ttfts), ("tpot", tpot), ("itl", pooled), ("e2el", lat)):
        rec[f"mean_{key}_ms"] = float(arr.mean() * 1000)
        rec[f"median_{key}_ms"] = float(np.median(arr) * 1000)
        rec[f"std_{key}_ms"] = float(arr.std() * 1000)
        rec[f"p99_{key}_ms"] = float(np.percentile(arr, 99) * 1000)
    rec.update(input_lens=[1000] * n, output_lens=out_lens.tolist(), ttfts=ttfts.tolist(), itls=itls,
               generated_texts=["The quick brown fox jumps over the lazy dog. " * 4] * n, errors=[""] * n)
    path.write_text(json.dumps(rec))  # Python json, as vLLM writes it


CSV_COLUMNS = ("Request Latency (ms)", "Time to First Token (ms)", "Inter Token Latency (ms)",
               "Input Sequence Length (tokens)", "Output Sequence Length (tokens)")


def make_csv(path: Path, rows: int = CSV_ROWS, seed: int = 2) -> None:
    """AIPerf-style per-request records (its metric names), CRLF, one request per row."""
    rng = np.random.default_rng(seed)
    ttft = rng.uniform(20, 500, rows)
    itl = rng.uniform(5, 30, rows)
    osl = rng.integers(10, 800, rows)
    isl = rng.integers(8, 2000, rows)
    latency = ttft + itl * (osl - 1)
    with open(path, "w", newline="") as fh:
        fh.write("Request ID," + ",".join(CSV_COLUMNS) + "\r\n")
        for i in range(rows):
            fh.write(f"req-{i},{latency[i]:.3f},{ttft[i]:.3f},{itl[i]:.3f},{isl[i]},{osl[i]}\r\n")


def interleaved(fns: dict, repeat: int = 9, clock=time.perf_counter) -> dict[str, list[float]]:
    """Each function timed ``repeat`` times, taking turns, so that other load on the machine
    falls on all of them alike; sorted times per name."""
    times: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(repeat):
        for name, fn in fns.items():
            t0 = clock()
            fn()
            times[name].append(clock() - t0)
    return {name: sorted(ts) for name, ts in times.items()}


_RSS_CHILD = """
import sys
from deepdecide.importers.registry import import_file
import pandas  # the fast path's parser, imported before the baseline is taken
def status(key):
    for line in open('/proc/self/status'):
        if line.startswith(key):
            return int(line.split()[1]) * 1024
base = status('VmRSS:')
try:
    open('/proc/self/clear_refs', 'w').write('5')  # reset the peak (VmHWM) to the current RSS
except OSError:
    pass
import_file(sys.argv[1])
print(status('VmHWM:') - base)
"""


def peak_rss_delta(path: Path) -> int | None:
    """Peak resident memory added by one import, measured in a fresh process (Linux only)."""
    if not Path("/proc/self/status").exists():
        return None
    out = subprocess.run([sys.executable, "-c", _RSS_CHILD, str(path)], capture_output=True, text=True, check=True)
    return int(out.stdout.strip())


def best_of(fn, repeat: int = 5, clock=time.perf_counter) -> float:
    times = []
    for _ in range(repeat):
        t0 = clock()
        fn()
        times.append(clock() - t0)
    return min(times)


def load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except (OSError, AttributeError):
        return "n/a"


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        detailed = Path(tmp) / "vllm_detailed.json"
        make_detailed(detailed)
        size = detailed.stat().st_size
        data = detailed.read_bytes()
        load_before = load_average()
        # the import includes reading the file, hashing, parsing and reducing; the floor parses bytes
        # already in memory. Interleaved repetitions, best and median of each.
        wall = interleaved({"floor": lambda: orjson.loads(data), "import": lambda: import_file(detailed)})
        # CPU time (all threads): insensitive to other load on the machine, unlike wall time
        cpu = interleaved({"floor": lambda: orjson.loads(data), "import": lambda: import_file(detailed)},
                          repeat=5, clock=time.process_time)
        load_after = load_average()
        floor, imported = wall["floor"][0], wall["import"][0]
        floor_med, imported_med = statistics.median(wall["floor"]), statistics.median(wall["import"])
        cpu_floor, cpu_import = cpu["floor"][0], cpu["import"][0]
        tracemalloc.start()
        import_file(detailed)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        rss = peak_rss_delta(detailed)
        run = import_file(detailed).evidence.runs[0]
        csv_path = Path(tmp) / "aiperf_style.csv"
        make_csv(csv_path)
        ctx = ImportContext(csv_per_request=True, csv_mapping=tuple(zip(
            ("e2e_ms", "ttft_ms", "tpot_ms", "input_tokens", "output_tokens"), CSV_COLUMNS, strict=True)))
        csv_time = best_of(lambda: import_file(csv_path, ctx), repeat=3)
        csv_run = import_file(csv_path, ctx).evidence.runs[0]
    time_ratio = imported / floor
    mem_ratio = (rss if rss is not None else peak) / size
    print(f"{'measurement':<44} {'value':>12} {'target':>10}")
    print(f"{'vLLM --save-detailed file size':<44} {size / 1e6:>10.1f} MB {'~50 MB':>10}")
    print(f"{'load average before / after timing':<44} {load_before:>12} / {load_after}")
    print(f"{'orjson.loads (parse floor), best / median':<44} {floor * 1000:>10.0f} ms / {floor_med * 1000:.0f} ms")
    print(f"{'import_file (read, hash, parse, reduce)':<44} {imported * 1000:>10.0f} ms / {imported_med * 1000:.0f} ms")
    print(f"{'time ratio import / orjson.loads (best)':<44} {time_ratio:>12.2f} {'<= 1.20':>10}")
    print(f"{'time ratio of the medians':<44} {imported_med / floor_med:>12.2f}")
    print(f"{'CPU time ratio (all threads; load-independent)':<44} {cpu_import / cpu_floor:>12.2f}")
    print(f"{'peak traced memory (tracemalloc)':<44} {peak / 1e6:>10.1f} MB")
    if rss is not None:
        print(f"{'peak resident memory added (VmHWM - VmRSS)':<44} {rss / 1e6:>10.1f} MB")
    print(f"{'memory ratio peak / file size':<44} {mem_ratio:>12.2f} {'<= 3.00':>10}")
    print(f"{f'CSV import, {csv_run.completed:,} per-request rows':<44} {csv_time * 1000:>10.0f} ms")
    print(f"(check: itl_ms_p50 {run.itl_ms_p50:.3f}, tpot_ms_p90 {run.tpot_ms_p90:.3f})")
    ok = time_ratio <= 1.2 and mem_ratio <= 3.0
    print("OK" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

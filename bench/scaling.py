#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Whole-model scaling: simulated seconds per wall second, events per
second and peak memory against the number of TCP flows and the link rate.

Two x86-64 hosts (kernel 6.x, the ideal NIC) joined by one link with 50 us
of propagation delay; N bulk TCP flows (stream apps, 128 KiB writes) from
host a to host b, spread over the four CPUs. Flows: 1, 16, 256, 1024 on
1 Gbit/s. Links: 1, 10 and 100 Gbit/s with one flow, TSO off and on
(ethtool -K tso). Each case runs once per repeat; the table keeps the
median wall and CPU (user + system) times. Peak memory is the process's
maximum resident set.
--json PATH also writes the rows, with the machine and the date, to PATH
(bench/scaling.json is the file docs/performance.md's table is generated
from: scripts/docfigs).

Usage: bench/scaling.py NICSIM [--repeat N] [--quick] [--json PATH]
"""
import argparse
import datetime
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time


def scenario(flows, rate, duration, tso):
    lines = [f"[sim]\nduration = {duration}\n", f"[link]\nrate = {rate}\ndelay = 50us\n"]
    for h in ("a", "b"):
        lines.append(f"[host.{h}]\nplatform = x86-64\nkernel = 6.x\ndriver = ideal\n")
        lines.append(f"[host.{h}.ethtool]\ntso = {tso}\n")
    for i in range(flows):
        lines.append(f"[app.f{i}]\ntype = stream\nhost = a\ndest = b\n"
                     f"cpu = {i % 4}\npeer_cpu = {i % 4}\n")
    return "\n".join(lines)


def run_once(nicsim, path, out):
    """Wall time, CPU time (user + system) and peak RSS (KiB) of one run, in
    a child of its own."""
    code = ("import resource, subprocess, sys, time\n"
            "t = time.monotonic()\n"
            "subprocess.run(sys.argv[1:], check=True)\n"
            "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
            "print(time.monotonic() - t, u.ru_utime + u.ru_stime, u.ru_maxrss)\n")
    r = subprocess.run([sys.executable, "-c", code, nicsim, "run", path, "-q", "--json", out],
                       check=True, capture_output=True, text=True)
    wall, cpu, rss = r.stdout.split()
    return float(wall), float(cpu), int(rss)


def case(nicsim, tmp, label, flows, rate, duration, tso, repeat):
    path = os.path.join(tmp, "s.ini")
    out = os.path.join(tmp, "r.json")
    with open(path, "w") as f:
        f.write(scenario(flows, rate, duration, tso))
    walls, cpus, rss = [], [], 0
    for _ in range(repeat):
        w, c, m = run_once(nicsim, path, out)
        walls.append(w)
        cpus.append(c)
        rss = max(rss, m)
    d = json.load(open(out))
    wall = statistics.median(walls)
    cpu = statistics.median(cpus)
    sim_s = d["nicsim"]["duration_s"]
    ev = d["nicsim"]["events"]
    good = sum(a["goodput_mbps"] for a in d["apps"].values())
    print(f"| {label} | {flows} | {rate} | {tso} | {sim_s:g} | {wall:.2f} | "
          f"{sim_s / wall:.2f} | {ev / wall / 1e6:.1f} | {good:.0f} | {rss / 1024:.1f} |",
          flush=True)
    return {"case": label, "flows": flows, "link": rate, "tso": tso, "simulated_s": sim_s,
            "wall_s": round(wall, 4), "cpu_s": round(cpu, 4), "events": ev, "goodput_mbps": good,
            "peak_rss_kib": rss}


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "?"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("nicsim")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="shorter runs")
    ap.add_argument("--json", help="also write the rows here")
    a = ap.parse_args()
    q = 0.2 if a.quick else 1.0
    load0 = os.getloadavg()
    print("| case | flows | link | tso | simulated s | wall s | sim s / wall s | "
          "M events/s | goodput Mbit/s | peak RSS MiB |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        rows, rss = [], {}
        for n in (1, 16, 256, 1024):
            rows.append(case(a.nicsim, tmp, "flows", n, "1Gbit", f"{2 * q:g}s", "off", a.repeat))
            rss[n] = rows[-1]["peak_rss_kib"]
        for rate in ("1Gbit", "10Gbit", "100Gbit"):
            for tso in ("off", "on"):
                rows.append(case(a.nicsim, tmp, "link", 1, rate, f"{0.5 * q:g}s", tso,
                                 a.repeat))
        per_flow = (rss[1024] - rss[16]) / (1024 - 16)
        print(f"\nmemory per flow (1024 vs 16 flows): {per_flow:.1f} KiB")
    if a.json:
        out = {"date": datetime.date.today().isoformat(), "cpu": cpu_model(),
               "cpus": os.cpu_count(), "repeat": a.repeat, "quick": a.quick,
               "load_before": [round(x, 2) for x in load0],
               "load_after": [round(x, 2) for x in os.getloadavg()], "rows": rows}
        with open(a.json + ".tmp", "w") as f:
            json.dump(out, f, indent=1)
            f.write("\n")
        os.replace(a.json + ".tmp", a.json)


if __name__ == "__main__":
    main()

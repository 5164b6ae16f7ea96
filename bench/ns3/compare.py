#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""nicsim against ns-3, side by side (make bench-ns3).

Contract: runs every case's ns-3 program (bench/ns3/ns3-tcp-bulk) and its
nicsim scenario(s) (bench/ns3/nicsim-*.ini) alternately, --runs times
each (the order flips every round, so neither side always runs first),
then prints per case and simulator: goodput (Mbit/s, summed over flows),
the median wall time of the whole process, simulated seconds per wall
second, events executed and events per wall second, peak RSS (the
largest over the runs, as GNU time reports it), and
nicsim's speed over ns-3's (ns-3's median wall time over nicsim's: both
cover the same simulated time). Wall time is measured here, around the
process, for both: start-up, setup and teardown count on both sides.
Results that differ between runs of one side (they must not: both are
deterministic) are reported as an error. --json PATH also writes every
run's raw figures. Nothing is tuned per side: the ns-3 program runs as
built against Debian's libraries, nicsim as built by `make build`.
"""
import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# name, what, ns-3 arguments, nicsim scenarios (first one is the main one)
CASES = [
    ("1g-1flow", "1 Gbit/s, 1 flow", ["--rate=1Gbps", "--flows=1"],
     ["nicsim-1g-1flow.ini", "nicsim-1g-1flow-x86.ini"]),
    ("1g-16flows", "1 Gbit/s, 16 flows", ["--rate=1Gbps", "--flows=16"],
     ["nicsim-1g-16flows.ini"]),
    ("100m-1flow", "100 Mbit/s, 1 flow", ["--rate=100Mbps", "--flows=1"],
     ["nicsim-100m-1flow.ini"]),
]


GNU_TIME = "/usr/bin/time"


def timed(argv):
    """Run argv; return (stdout, wall s, peak RSS KiB of that process).

    Linux keeps ru_maxrss across execve, so a child forked from this
    Python process would report at least Python's own RSS (~15 MiB);
    GNU time forks from a ~1 MiB process, and reports its child's
    ru_maxrss. Without it, wait4's figure is the fallback (a floor of
    Python's RSS, flagged in the output).
    """
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile("r") as rss:
        pre = [GNU_TIME, "-q", "-f", "%M", "-o", rss.name] if HAVE_TIME else []
        t0 = time.monotonic()
        p = subprocess.Popen(pre + argv, stdout=out, stderr=err)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.monotonic() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if p.returncode != 0:
            sys.exit("bench-ns3: %s failed (exit %d):\n%s"
                     % (" ".join(argv), p.returncode,
                        err.read().decode(errors="replace")))
        kib = int(rss.read().split()[-1]) if HAVE_TIME else ru.ru_maxrss
        return out.read().decode(), wall, kib


HAVE_TIME = os.access(GNU_TIME, os.X_OK)


def run_ns3(binary, args, duration):
    out, wall, rss = timed([binary, "--duration=%g" % duration] + args)
    r = json.loads(out.strip().splitlines()[-1])
    return {"goodput_mbps": r["goodput_mbps"], "events": r["events"],
            "wall_s": wall, "rss_kib": rss, "qdisc_drops": r["qdisc_drops"],
            "bql_limit_max": r["bql_limit_max"]}


def run_nicsim(binary, ini, duration):
    with tempfile.TemporaryDirectory() as d:
        js = os.path.join(d, "r.json")
        _, wall, rss = timed([binary, "run", os.path.join(HERE, ini),
                              "--set", "sim.duration=%gs" % duration,
                              "--json", js])
        with open(js) as f:
            r = json.load(f)
    return {"goodput_mbps": sum(a["goodput_mbps"] for a in r["apps"].values()),
            "events": r["nicsim"]["events"], "wall_s": wall, "rss_kib": rss,
            "retransmits": sum(a["retransmits"] for a in r["apps"].values())}


def summary(runs, duration):
    wall = statistics.median(r["wall_s"] for r in runs)
    ev = runs[0]["events"]
    for r in runs[1:]:
        if r["events"] != ev or r["goodput_mbps"] != runs[0]["goodput_mbps"]:
            sys.exit("bench-ns3: two runs of one scenario differ: %r" % runs)
    return {"goodput_mbps": runs[0]["goodput_mbps"], "wall_s": wall,
            "sim_per_wall": duration / wall, "events": ev,
            "mev_per_s": ev / wall / 1e6,
            "rss_mib": max(r["rss_kib"] for r in runs) / 1024.0}


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
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--nicsim", required=True, help="the nicsim binary")
    ap.add_argument("--ns3", required=True, help="the ns3-tcp-bulk binary")
    ap.add_argument("--runs", type=int, default=3, help="runs per side (3)")
    ap.add_argument("--duration", type=float, default=10.0,
                    help="simulated seconds per run (10)")
    ap.add_argument("--case", action="append",
                    help="only this case (repeatable): "
                    + ", ".join(c[0] for c in CASES))
    ap.add_argument("--json", help="write the table and every run's figures here"
                    " (bench/ns3.json: docs/performance.md's table, scripts/docfigs)")
    a = ap.parse_args()
    cases = [c for c in CASES if not a.case or c[0] in a.case]
    if not cases or a.runs < 1 or a.duration <= 0:
        ap.error("no such case, or --runs/--duration out of range")

    load0 = os.getloadavg()
    print("bench-ns3: %s, %d CPUs, load %.2f %.2f %.2f; %d run(s) per side, "
          "%g simulated s each" % (cpu_model(), os.cpu_count(), *load0,
                                   a.runs, a.duration), flush=True)
    if not HAVE_TIME:
        print("bench-ns3: no %s: peak RSS from wait4, which includes this "
              "Python process's own (apt-get install time)" % GNU_TIME)
    raw = {c[0]: {"ns-3": [], **{ini: [] for ini in c[3]}} for c in cases}
    for i in range(a.runs):
        for name, _, args, inis in cases:
            sides = [("ns-3", lambda: run_ns3(a.ns3, args, a.duration))]
            sides += [(ini, (lambda ini=ini: run_nicsim(a.nicsim, ini, a.duration)))
                      for ini in inis]
            if i % 2:
                sides.reverse()
            for key, fn in sides:
                r = fn()
                raw[name][key].append(r)
                print("  run %d %-10s %-24s %7.3f s wall  %8.1f Mbit/s"
                      % (i + 1, name, key, r["wall_s"], r["goodput_mbps"]),
                      file=sys.stderr, flush=True)
    load1 = os.getloadavg()

    print()
    print("| case | simulator | goodput Mbit/s | wall s (median) | "
          "sim s / wall s | events | M events/s | peak RSS MiB | nicsim speed / ns-3 |")
    print("|---|---|---|---|---|---|---|---|---|")
    out = {"date": datetime.date.today().isoformat(), "cpu": cpu_model(),
           "cpus": os.cpu_count(), "load_before": [round(x, 2) for x in load0],
           "load_after": [round(x, 2) for x in load1], "runs": a.runs,
           "duration_s": a.duration, "cases": {}}
    for name, what, _, inis in cases:
        ns = summary(raw[name]["ns-3"], a.duration)
        out["cases"][name] = {"ns-3": ns}
        print("| %s | ns-3 3.37 | %.1f | %.3f | %.2f | %.2f M | %.2f | %.1f | |"
              % (what, ns["goodput_mbps"], ns["wall_s"], ns["sim_per_wall"],
                 ns["events"] / 1e6, ns["mev_per_s"], ns["rss_mib"]))
        for ini in inis:
            s = summary(raw[name][ini], a.duration)
            s["speedup"] = ns["wall_s"] / s["wall_s"]
            out["cases"][name][ini] = s
            print("| %s | nicsim %s | %.1f | %.3f | %.2f | %.2f M | %.2f | %.1f | %.1f× |"
                  % (what, ini.replace("nicsim-", "").replace(".ini", ""),
                     s["goodput_mbps"], s["wall_s"], s["sim_per_wall"],
                     s["events"] / 1e6, s["mev_per_s"], s["rss_mib"],
                     s["speedup"]))
    print()
    print("load average before %.2f %.2f %.2f, after %.2f %.2f %.2f"
          % (*load0, *load1))
    if a.json:
        out["raw"] = raw
        with open(a.json, "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()

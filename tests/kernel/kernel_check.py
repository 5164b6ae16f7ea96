#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make kernel-check: nicsim's x86-64 / kernel 6.x profile against the
kernel this machine runs, mechanism by mechanism (tests/kernel/part_*.py).

Usage: kernel_check.py --nicsim PATH [--only PART] [--markdown]
                       [--write-docs FILE] [--skip-code N]

Prints one row per compared figure (kernel, nicsim, verdict) and exits 1
if any differ. Needs root and network namespaces; without them it says
why and exits 2 (or --skip-code, which ctest reads as "skipped"). What
this kernel lacks (a qdisc not built in) is reported and left out.
--markdown prints the table as docs/validation.md carries it;
--write-docs FILE rewrites the block between the "kernelfig" markers.
"""
import argparse
import importlib.util
import glob
import os
import platform
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kc  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
BEGIN, END = "<!-- kernelfig: linux -->", "<!-- /kernelfig -->"


def why_not_here():
	"""None if namespaces can be made here, else the reason."""
	if os.geteuid() != 0:
		return "not root (network namespaces and veth need CAP_NET_ADMIN)"
	for tool in ("ip", "tc", "sysctl"):
		if subprocess.run(["sh", "-c", "command -v " + tool],
				  capture_output=True).returncode:
			return "'%s' is not installed (scripts/bootstrap --kernel installs it)" % tool
	name = "%s%d-probe" % (kc.PREFIX, os.getpid())
	r = subprocess.run(["ip", "netns", "add", name], capture_output=True, text=True)
	if r.returncode:
		return "cannot create a network namespace: " + r.stderr.strip()
	subprocess.run(["ip", "netns", "del", name], capture_output=True)
	return None


def load_parts(only, core_only=False):
	"""The parts to run: those named by --only, else all; a part that
	sets EXTRA = True runs with `make kernel-check`, not in the test
	suite's kernel/oracle (core_only)."""
	parts = []
	for path in sorted(glob.glob(os.path.join(HERE, "part_*.py"))):
		name = os.path.basename(path)[5:-3]
		if only and name not in only:
			continue
		spec = importlib.util.spec_from_file_location("part_" + name, path)
		mod = importlib.util.module_from_spec(spec)
		spec.loader.exec_module(mod)
		if core_only and not only and getattr(mod, "EXTRA", False):
			continue
		parts.append((name, mod))
	return parts


def fmt(v):
	if isinstance(v, float):
		return "%.4g" % v
	return str(v)


def verdict(r, differ):
	if not r.compare:
		return "reported (%s)" % ("inside" if r.ok() else "outside")
	return "same" if r.ok() else differ


def text_table(rows, out):
	w = max([len(r.case) for r in rows] + [20])
	out.write("%-8s %-*s %14s %14s  %s\n" % ("part", w, "case", "kernel", "nicsim", "result"))
	for r in rows:
		out.write("%-8s %-*s %14s %14s  %s%s\n" % (r.part, w, r.case, fmt(r.kernel),
			  fmt(r.nicsim), verdict(r, "DIFFER"),
			  ("  (" + r.note + ")") if r.note else ""))


def load():
	"""The 1-minute load average and the CPUs it is shared by."""
	return os.getloadavg()[0], os.cpu_count() or 1


def load_note(before, after):
	"""One sentence on how busy the machine was; the kernel's timing (tbf's
	tokens while a burst is written, softirq batching, a ping's wake-up)
	depends on it, nicsim's does not."""
	n = before[1]
	s = ("1-minute load average %.1f before and %.1f after, on %d CPUs" %
	     (before[0], after[0], n))
	if max(before[0], after[0]) >= n:
		s += ("; the machine was busy, so figures that depend on the kernel's "
		      "timing are less reliable for that reason")
	return s + "."


def markdown(rows, left_out, release, busy):
	lines = ["Linux %s on this machine (%s), against nicsim's x86-64 / 6.x profile; %s"
		 % (release, platform.machine(), busy), "",
		 "| part | case | Linux | nicsim | |", "|---|---|---|---|---|"]
	for r in rows:
		lines.append("| %s | %s | %s | %s | %s |" % (r.part, r.case, fmt(r.kernel),
			     fmt(r.nicsim), verdict(r, "**differs**")))
	lines.append("")
	cmp = [r for r in rows if r.compare]
	same = sum(r.ok() for r in cmp)
	lines.append("%d of %d compared figures agree; %d more reported, not compared."
		     % (same, len(cmp), len(rows) - len(cmp)))
	for name, why in left_out:
		lines.append("Left out: %s (%s)." % (name, why))
	return "\n".join(lines) + "\n"


def write_docs(path, text):
	with open(path) as f:
		doc = f.read()
	i, j = doc.find(BEGIN), doc.find(END)
	if i < 0 or j < i:
		sys.exit("%s: no '%s' ... '%s' block to rewrite" % (path, BEGIN, END))
	doc = doc[:i + len(BEGIN)] + "\n" + text + doc[j:]
	tmp = path + ".kc-tmp"
	with open(tmp, "w") as f:
		f.write(doc)
	os.replace(tmp, path)


def main():
	ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
	ap.add_argument("--nicsim", required=True, help="the nicsim binary to compare")
	ap.add_argument("--only", action="append", help="run only this part (repeatable)")
	ap.add_argument("--core-only", action="store_true",
			help="leave out the parts marked EXTRA (the test suite's kernel/oracle)")
	ap.add_argument("--markdown", action="store_true", help="print the docs table")
	ap.add_argument("--write-docs", metavar="FILE", help="rewrite FILE's kernelfig block")
	ap.add_argument("--skip-code", type=int, default=2,
			help="exit code when the machine cannot run it (default 2)")
	a = ap.parse_args()
	os.environ["NICSIM"] = os.path.abspath(a.nicsim)
	release = platform.release()
	print("kernel-check: Linux %s (%s)" % (release, platform.machine()), flush=True)
	why = why_not_here()
	if why:
		print("kernel-check: skipped: " + why)
		return a.skip_code
	kc.remove_stale()
	before = load()
	if before[0] >= before[1]:
		print("kernel-check: warning: load average %.1f on %d CPUs: timing-dependent "
		      "figures are less reliable while the machine is busy" % before, flush=True)
	rows, left_out = [], []
	for name, mod in load_parts(a.only, a.core_only):
		try:
			got = mod.run()
		except kc.Skip as e:
			left_out.append((name, str(e)))
			print("kernel-check: %s left out: %s" % (name, e), flush=True)
			continue
		rows += got
		print("kernel-check: %s: %d figures" % (name, len(got)), flush=True)
	text_table(rows, sys.stdout)
	busy = load_note(before, load())
	print("kernel-check: " + busy)
	left_out += kc.LEFT_OUT
	md = markdown(rows, left_out, release, busy)
	if a.markdown:
		sys.stdout.write(md)
	if a.write_docs:
		write_docs(a.write_docs, md)
	cmp = [r for r in rows if r.compare]
	bad = [r for r in cmp if not r.ok()]
	print("kernel-check: Linux %s: %d figures compared, %d differ, %d reported, "
	      "%d left out" % (release, len(cmp), len(bad), len(rows) - len(cmp), len(left_out)))
	return 1 if bad or not rows else 0


if __name__ == "__main__":
	sys.exit(main())

# SPDX-License-Identifier: MIT
"""The running kernel as an oracle: shared plumbing of tests/kernel/.

A part (part_*.py) measures one mechanism twice: on this machine's kernel,
in network namespaces it creates and joins with veth, and in nicsim's
x86-64 / kernel 6.x profile on the same setup. It returns rows; a row whose
two figures differ beyond its tolerance is a failure.

Safety: traffic goes only between namespaces created here (names carry the
prefix "nskc-" and this process's id); every loop is bounded in count and
every command in time; everything created is removed at exit, on SIGINT
and SIGTERM, and by remove_stale() when a killed run left some behind.
"""
import atexit
import json
import os
import signal
import subprocess
import sys
import tempfile

PREFIX = "nskc-"
_created = []		# namespaces to delete, newest last
_tmpdir = None


class Skip(Exception):
	"""The part cannot run here (the reason says why); it is left out."""


LEFT_OUT = []		# (what, why): cases a part could not measure here


def left_out(what, why):
	"""Record a case this kernel cannot measure (e.g. a qdisc not built
	in); it is reported, not compared."""
	LEFT_OUT.append((what, why))


class Row:
	"""One compared figure: what, the kernel's value, nicsim's, verdict.
	A row with compare=False is reported beside the others, with both
	values and whether nicsim falls inside the kernel's own spread, but
	takes no part in the verdict: for dynamics the kernel itself does not
	repeat from run to run (its note says what differs and why)."""

	def __init__(self, part, case, kernel, nicsim, tol=0, note="", compare=True):
		self.part, self.case = part, case
		self.kernel, self.nicsim = kernel, nicsim
		self.tol, self.note = tol, note
		self.compare = compare

	def ok(self):
		k, n = self.kernel, self.nicsim
		if isinstance(k, (int, float)) and isinstance(n, (int, float)):
			return abs(k - n) <= self.tol
		return k == n


def sh(argv, timeout=20, check=True, **kw):
	"""Run a command, bounded in time; stdout as text."""
	r = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, **kw)
	if check and r.returncode != 0:
		raise RuntimeError("%s: exit %d: %s" % (" ".join(argv), r.returncode,
							 r.stderr.strip()[:300]))
	return r.stdout


def nsexec(ns, argv, timeout=20, check=True):
	return sh(["ip", "netns", "exec", ns] + argv, timeout=timeout, check=check)


def _cleanup(*_):
	while _created:
		ns = _created.pop()
		subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=10)


def _on_signal(sig, _frame):
	_cleanup()
	sys.exit(128 + sig)


atexit.register(_cleanup)
signal.signal(signal.SIGINT, _on_signal)
signal.signal(signal.SIGTERM, _on_signal)


def remove_stale():
	"""Delete namespaces an earlier, killed run of ours left behind."""
	out = sh(["ip", "netns", "list"], check=False)
	for line in out.splitlines():
		name = line.split()[0] if line.split() else ""
		if not name.startswith(PREFIX):
			continue
		try:
			pid = int(name[len(PREFIX):].split("-")[0])
			os.kill(pid, 0)
			continue	# its owner still runs
		except (ValueError, ProcessLookupError):
			pass
		except PermissionError:
			continue
		subprocess.run(["ip", "netns", "del", name], capture_output=True, timeout=10)


class Pair:
	"""Two namespaces joined by a veth: a (10.199.0.1, dev 'va') and
	b (10.199.0.2, dev 'vb'). Both veths start with noqueue, as veth does;
	a part puts the qdisc it measures on va."""

	ADDR_A, ADDR_B = "10.199.0.1", "10.199.0.2"

	def __init__(self, tag, queues=None):
		"""queues: TX and RX queues of each veth (default: the kernel's,
		one per possible CPU on 6.x)."""
		base = "%s%d-%s" % (PREFIX, os.getpid(), tag)
		self.a, self.b = base + "-a", base + "-b"
		q = ["numtxqueues", str(queues), "numrxqueues", str(queues)] if queues else []
		for ns in (self.a, self.b):
			sh(["ip", "netns", "add", ns])
			_created.append(ns)
		sh(["ip", "-n", self.a, "link", "add", "va"] + q + ["type", "veth",
		    "peer", "name", "vb", "netns", self.b] + q)
		for ns, dev, addr in ((self.a, "va", self.ADDR_A), (self.b, "vb", self.ADDR_B)):
			sh(["ip", "-n", ns, "addr", "add", addr + "/24", "dev", dev])
			sh(["ip", "-n", ns, "link", "set", dev, "up"])
			sh(["ip", "-n", ns, "link", "set", "lo", "up"])

	def close(self):
		for ns in (self.b, self.a):
			subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=10)
			if ns in _created:
				_created.remove(ns)

	def __enter__(self):
		return self

	def __exit__(self, *_):
		self.close()


def probe(ns, part_file, args, timeout=30):
	"""Run `python3 PART probe ARGS...` inside ns; its stdout is JSON."""
	out = nsexec(ns, [sys.executable, part_file, "probe"] + [str(a) for a in args],
		     timeout=timeout)
	return json.loads(out)


def tmpdir():
	global _tmpdir
	if _tmpdir is None:
		_tmpdir = tempfile.TemporaryDirectory(prefix="nicsim-kc-")
	return _tmpdir.name


_nicsim_seq = 0


def nicsim(ini_text, sets=(), timeout=120):
	"""Run nicsim (path in $NICSIM) on a scenario text; the results JSON."""
	global _nicsim_seq
	_nicsim_seq += 1
	d = tmpdir()
	ini = os.path.join(d, "s%d.ini" % _nicsim_seq)
	out = os.path.join(d, "s%d.json" % _nicsim_seq)
	with open(ini, "w") as f:
		f.write(ini_text)
	argv = [os.environ["NICSIM"], "run", ini, "--json", out, "-q"]
	for s in sets:
		argv += ["--set", s]
	r = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
	if r.returncode not in (0, 1):
		raise RuntimeError("nicsim run %s: exit %d: %s\n--- scenario ---\n%s" %
				   (" ".join(sets), r.returncode, r.stderr.strip()[:500], ini_text))
	with open(out) as f:
		return json.load(f)


def sysctl(name, ns=None):
	"""A sysctl's value as this kernel (or namespace ns) has it."""
	argv = ["sysctl", "-n", name]
	out = nsexec(ns, argv) if ns else sh(argv)
	return out.strip()

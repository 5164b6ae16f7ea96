# SPDX-License-Identifier: MIT
"""kernel-check part "lab": the bufferbloat lab's setup on this kernel and
in nicsim: a ping behind 1 and 8 TCP flows (cubic, reno, bbr) through a
tbf bottleneck at 10 and 100 Mbit/s, and the per-flow goodput of 8 flows
over repeated runs.

Kernel side: a veth pair with one TX queue each (nicsim's tbf is the root
of a one-queue device), `tc qdisc add dev va root tbf rate RATE burst 2kb
limit LIMIT` in namespace a, LIMIT holding LIMIT_MS of the rate. A
receiver in b accepts FLOWS connections and counts each one's bytes; a
sender in a opens FLOWS sockets with TCP_CONGESTION set, one thread each
writing 128 KiB send() calls for SECS seconds. From WARMUP on, ping (the
iputils binary) sends every PING_MS to b, and `tc -s -j qdisc show`
samples tbf's backlog every SAMPLE_MS. Goodput is the bytes read over
the SECS seconds, as nicsim's goodput_mbps counts them.

nicsim side: two x86-64 / 6.x hosts on a 10 Gbit/s link (the veth pair
moves frames far faster than the bottleneck), driver ideal, host a's
qdisc = tbf with the same rate, burst and limit; a stream app with
`parallel = FLOWS` and `cc`, a ping app from WARMUP; tbf's backlog from
the probe host.a.txq0.tbf.backlog every SAMPLE_MS; per-flow goodput from
the stream's per-stream results. The machine's tcp_wmem, tcp_rmem and
tcp_limit_output_bytes are given with --set.

Compared per (rate, flows, cc): the ping's median RTT, tbf's mean backlog
and the summed goodput; with more than one flow, or with BBR, pooled over
REPEATS kernel runs and REPEATS nicsim seeds with sim.variation = on
(how flows share the queue, and so their losses, changes from run to run
on both sides; BBR's cwnd follows how its ACKs bunch, which changes from
run to run on the kernel). For 8 cubic flows at 100 Mbit/s, over RUNS kernel
runs and RUNS nicsim seeds with sim.variation = on: the mean of Jain's
fairness index and of the smallest flow's share.
"""
import json
import os
import selectors
import socket
import statistics
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kc  # noqa: E402

PART = "lab"
EXTRA = True		# make kernel-check only
PORT = 5301
SECS = 4.0		# sending time
WARMUP = 1.0		# ping, backlog and goodput from here
PING_MS = 50
SAMPLE_MS = 100
LIMIT_MS = 50		# tbf limit: this much of the rate
RATES = (10, 100)	# Mbit/s
FLOWS = (1, 8)
CCS = ("cubic", "reno", "bbr")
RUNS = 4		# repeats of the 8-flow fairness case
REPEATS = 3		# repeats of each multi-flow or BBR case (kernel runs, nicsim seeds)
CHUNK = 131072
# Tolerances, stated here and in docs/validation.md
TOL_RTT = 0.25		# ping median RTT, relative
TOL_BACKLOG = 0.25	# tbf mean backlog, relative
TOL_GOODPUT = 0.05	# summed goodput, relative
TOL_JAIN = 0.10		# Jain's index, absolute
TOL_MINSHARE = 0.05	# smallest flow's share of the total, absolute


def limit_bytes(mbit):
	return int(mbit * 1e6 / 8 * LIMIT_MS / 1e3)


# --- probes: run inside the namespaces ---------------------------------

def probe_recv(flows, secs, t0):
	"""Accept flows connections; each one's bytes read until t0 + secs
	(CLOCK_MONOTONIC is shared by the namespaces)."""
	ls = socket.socket()
	ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
	ls.bind(("0.0.0.0", PORT))
	ls.listen(flows)
	print("ready", flush=True)
	ls.settimeout(10)
	sel, n = selectors.DefaultSelector(), []
	for i in range(flows):
		c, _ = ls.accept()
		c.setblocking(False)
		sel.register(c, selectors.EVENT_READ, i)
		n.append(0)
	end = t0 + secs
	while True:
		now = time.monotonic()
		if now >= end + 0.5:
			break
		for key, _ in sel.select(timeout=0.05):
			try:
				d = key.fileobj.recv(CHUNK)
			except BlockingIOError:
				continue
			if d and time.monotonic() < end:
				n[key.data] += len(d)
	print(json.dumps({"bytes": n}))


def probe_send(addr, flows, cc, secs, t0):
	socks = []
	for _ in range(flows):
		s = socket.socket()
		s.setsockopt(socket.IPPROTO_TCP, socket.TCP_CONGESTION, cc.encode())
		s.connect((addr, PORT))
		s.settimeout(0.2)
		socks.append(s)
	end = t0 + secs
	time.sleep(max(0.0, t0 - time.monotonic()))

	def writer(s):
		buf = b"\0" * CHUNK
		while time.monotonic() < end:
			try:
				s.send(buf)
			except socket.timeout:
				pass
			except OSError:
				break

	th = [threading.Thread(target=writer, args=(s,)) for s in socks]
	for t in th:
		t.start()
	for t in th:
		t.join(secs + 5)
	for s in socks:
		s.close()
	print(json.dumps({"ok": True}))


# --- the kernel side ---------------------------------------------------

def ping_rtts(out):
	return [float(l.split("time=")[1].split()[0]) for l in out.splitlines() if "time=" in l]


def kernel_run(mbit, flows, cc):
	me = os.path.abspath(__file__)
	with kc.Pair("lab", queues=1) as p:
		kc.sh(["tc", "-n", p.a, "qdisc", "add", "dev", "va", "root", "tbf", "rate",
		       "%dmbit" % mbit, "burst", "2kb", "limit", str(limit_bytes(mbit))])
		t0 = time.monotonic() + 0.5
		rd = subprocess.Popen(["ip", "netns", "exec", p.b, sys.executable, me, "probe",
				       "recv", str(flows), str(SECS), repr(t0)],
				      stdout=subprocess.PIPE, text=True)
		try:
			rd.stdout.readline()	# listening
			tx = subprocess.Popen(["ip", "netns", "exec", p.a, sys.executable, me,
					       "probe", "send", p.ADDR_B, str(flows), cc, str(SECS),
					       repr(t0)], stdout=subprocess.PIPE, text=True)
			time.sleep(max(0.0, t0 + WARMUP - time.monotonic()))
			count = int((SECS - WARMUP) * 1000 / PING_MS) - 1
			pg = subprocess.Popen(["ip", "netns", "exec", p.a, "ping", "-n", "-i",
					       "%g" % (PING_MS / 1000), "-c", str(count), p.ADDR_B],
					      stdout=subprocess.PIPE, text=True)
			backlog = []
			while time.monotonic() < t0 + SECS:
				q = json.loads(kc.sh(["tc", "-n", p.a, "-s", "-j", "qdisc", "show",
						      "dev", "va"], timeout=5))
				backlog += [x["backlog"] for x in q if x.get("kind") == "tbf"]
				time.sleep(SAMPLE_MS / 1000)
			pout, _ = pg.communicate(timeout=10)
			tx.communicate(timeout=SECS + 10)
			rout, _ = rd.communicate(timeout=SECS + 10)
		finally:
			for pr in [x for x in (locals().get("pg"), locals().get("tx"), rd) if x]:
				if pr.poll() is None:
					pr.kill()
					pr.wait()
	return {"rtt": ping_rtts(pout), "backlog": backlog,
		"flows": json.loads(rout)["bytes"]}


# --- the nicsim side ---------------------------------------------------

SCENARIO = """\
[sim]
duration = {secs}s
seed = {seed}
variation = {variation}
[link]
rate = 10Gbit
[host.a]
platform = x86-64
kernel = 6.x
driver = ideal
qdisc = tbf
tbf_rate = {mbit}Mbit
tbf_burst = 2KiB
tbf_limit = {limit}
[host.b]
platform = x86-64
kernel = 6.x
driver = ideal
[app.bulk]
type = stream
host = a
dest = b
parallel = {flows}
cc = {cc}
[app.ping]
type = ping
host = a
dest = b
interval = {ping}ms
start = {warmup}s
"""


def nicsim_run(mbit, flows, cc, sets, seed=1, variation="off"):
	d = kc.tmpdir()
	tag = "lab-%d-%d-%s-%d" % (mbit, flows, cc, seed)
	ini = os.path.join(d, tag + ".ini")
	js, csv = ini[:-4] + ".json", ini[:-4] + ".csv"
	with open(ini, "w") as f:
		f.write(SCENARIO.format(secs=SECS, seed=seed, variation=variation, mbit=mbit,
					limit=limit_bytes(mbit), flows=flows, cc=cc,
					ping=PING_MS, warmup=WARMUP))
	argv = [os.environ["NICSIM"], "run", ini, "--json", js, "-q", "--trace",
		"host.a.txq0.tbf.backlog", "--trace-every", "%dms" % SAMPLE_MS,
		"--trace-out", csv]
	for s in sets:
		argv += ["--set", s]
	kc.sh(argv, timeout=300, check=False)
	with open(js) as f:
		res = json.load(f)
	backlog = []
	with open(csv) as f:
		next(f)
		for line in f:
			t, b = (float(x) for x in line.strip().split(","))
			if t >= WARMUP:
				backlog.append(b)
	app = res["apps"]["bulk"]
	streams = app.get("streams") or [app]
	return {"rtt_p50": res["apps"]["ping"]["rtt_us"]["p50"] / 1000,
		"backlog": backlog,
		"flows": [s["goodput_mbps"] for s in streams]}


# --- the comparison ----------------------------------------------------

def jain(x):
	return sum(x) ** 2 / (len(x) * sum(v * v for v in x)) if sum(x) else 0.0


def min_share(x):
	return min(x) / sum(x) if sum(x) else 0.0


def rel_row(case, k, n, tol, note):
	return kc.Row(PART, case, round(k, 3), round(n, 3), round(abs(k) * tol, 3), note)


def pooled(runs):
	"""One case's runs as one: the mean of the runs' median ping RTTs
	(ms), tbf's backlog samples pooled, the mean summed goodput (Mbit/s)."""
	return {"rtt_p50": statistics.mean(r["rtt_p50"] for r in runs),
		"backlog": [x for r in runs for x in r["backlog"]],
		"goodput": statistics.mean(r["goodput"] for r in runs)}


def kernel_case(mbit, flows, cc):
	r = kernel_run(mbit, flows, cc)
	return {"rtt_p50": statistics.median(r["rtt"]) if r["rtt"] else 0,
		"backlog": r["backlog"], "goodput": sum(r["flows"]) * 8 / SECS / 1e6}


def nicsim_case(mbit, flows, cc, sets, seed, variation):
	r = nicsim_run(mbit, flows, cc, sets, seed, variation)
	return dict(r, goodput=sum(r["flows"]))


def case_rows(mbit, flows, cc, sets):
	reps = REPEATS if flows > 1 or cc == "bbr" else 1
	var = "on" if reps > 1 else "off"
	k = pooled([kernel_case(mbit, flows, cc) for _ in range(reps)])
	n = pooled([nicsim_case(mbit, flows, cc, sets, s + 1, var) for s in range(reps)])
	what = "%d Mbit/s, %d %s flow%s" % (mbit, flows, cc, "s" * (flows > 1))
	note = "tbf rate %dmbit burst 2kb limit %d (%d ms)" % (mbit, limit_bytes(mbit), LIMIT_MS)
	if reps > 1:
		note += ", %d kernel runs, %d nicsim seeds (variation on)" % (reps, reps)
	return [
		rel_row("%s: ping median RTT (ms)" % what, k["rtt_p50"], n["rtt_p50"],
			TOL_RTT, note),
		rel_row("%s: tbf mean backlog (KB)" % what,
			statistics.mean(k["backlog"]) / 1e3 if k["backlog"] else 0,
			statistics.mean(n["backlog"]) / 1e3 if n["backlog"] else 0,
			TOL_BACKLOG, note),
		rel_row("%s: goodput (Mbit/s)" % what, k["goodput"], n["goodput"],
			TOL_GOODPUT, note),
	]


def run():
	rows = []
	sets = ["host.a.sysctl.tcp_wmem=" + " ".join(kc.sysctl("net.ipv4.tcp_wmem").split()),
		"host.b.sysctl.tcp_rmem=" + " ".join(kc.sysctl("net.ipv4.tcp_rmem").split()),
		"host.a.sysctl.tcp_limit_output_bytes=" +
		kc.sysctl("net.ipv4.tcp_limit_output_bytes")]
	for mbit in RATES:
		for flows in FLOWS:
			for cc in CCS:
				rows += case_rows(mbit, flows, cc, sets)
	kj, km, nj, nm = [], [], [], []
	for r in range(RUNS):
		k = kernel_run(100, 8, "cubic")
		n = nicsim_run(100, 8, "cubic", sets, seed=r + 1, variation="on")
		kj.append(jain(k["flows"]))
		km.append(min_share(k["flows"]))
		nj.append(jain(n["flows"]))
		nm.append(min_share(n["flows"]))
	print("lab fairness: kernel jain %s min share %s; nicsim jain %s min share %s" % (
	      [round(x, 3) for x in kj], [round(x, 3) for x in km],
	      [round(x, 3) for x in nj], [round(x, 3) for x in nm]), file=sys.stderr)
	note = "8 cubic flows at 100 Mbit/s, %d kernel runs, %d nicsim seeds (variation on)" % (
		RUNS, RUNS)
	rows += [
		kc.Row(PART, "8 flows: mean Jain's fairness index", round(statistics.mean(kj), 3),
		       round(statistics.mean(nj), 3), TOL_JAIN, note),
		kc.Row(PART, "8 flows: mean smallest flow's share", round(statistics.mean(km), 3),
		       round(statistics.mean(nm), 3), TOL_MINSHARE, note),
	]
	return rows


if __name__ == "__main__":
	if len(sys.argv) > 2 and sys.argv[1] == "probe":
		a = sys.argv[2:]
		if a[0] == "recv":
			probe_recv(int(a[1]), float(a[2]), float(a[3]))
		elif a[0] == "send":
			probe_send(a[1], int(a[2]), a[3], float(a[4]), float(a[5]))

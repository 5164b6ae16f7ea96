# SPDX-License-Identifier: MIT
"""The iputils ping transcript under a frozen qdisc, against nicsim's ping.

Kernel side: va frozen as in part_sock (tbf at 8 bit/s, burst spent by a
filler, permanent neighbour entry); /usr/bin/ping (iputils, raw socket:
namespaces start with ping_group_range "1 0", so the ICMP datagram socket
is refused and ping falls back to raw) runs `ping -i 0.2 -w DEADLINE` to
10.199.0.2 with its own SO_SNDBUF (324). A wrapper stamps each line ping
writes to stderr ("ping: sendmsg: No buffer space available") with the
time since ping was started. The echo requests the socket got accepted are
the packets that entered va's qdisc during the run (its backlog grows by
them; nothing leaves).

nicsim side: the ping app, interval 200 ms, no count, for DEADLINE seconds
on a 1 bit/s link (nothing freed), with the build's MAX_HEADER.

Compared: the first icmp_seq whose send failed (exact), when ping printed
its first error, how many errors it printed by the deadline and their mean
spacing. The times carry the kernel's timing noise: every retry waits in
poll() (two 100 ms timeouts per 200 ms interval), and each timeout ends a
little late (timer slack, wakeup); over the ~100 silent retries before the
first printed error that adds up (see TOL_FIRST_S).
"""
import json
import os
import selectors
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kc  # noqa: E402
import part_sock  # noqa: E402

PART = "ping"
INTERVAL_S = 0.2
DEADLINE_S = 25
ERR_LINE = "ping: sendmsg: No buffer space available"
# 100 retries before the first printed error, each two poll() timeouts
# that end late by their slack and the wakeup (measured 0.3 to 3.5 ms a
# retry, ~1.2 ms on average, on this VM), plus ping's start-up
TOL_FIRST_S = 0.3
# printed errors by the deadline: the first one's lateness shifts the
# count by up to TOL_FIRST_S / interval
TOL_COUNT = 2
# mean spacing of printed errors: after a printed error ping waits in a
# blocking recvmsg() with SO_RCVTIMEO (200 ms, kept in jiffies), then
# sends at once; the timeout's timer runs on the tick after the 4.8+
# wheel's round-up (one jiffy past it at level 0), so the wait is 51
# jiffies less the phase (traced on this VM, HZ 250: 2 to 7 ms late).
# nicsim models the same (src/kernel/time/timer.c timer_due); what is left is the
# wakeup lateness, once per interval.
TOL_SPACING_S = 0.002


def probe(args):
	"""Run ping (argv in args), bounded; its lines with their times."""
	t0 = time.monotonic()
	pr = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
	sel = selectors.DefaultSelector()
	sel.register(pr.stdout, selectors.EVENT_READ, "out")
	sel.register(pr.stderr, selectors.EVENT_READ, "err")
	lines, buf, open_ = [], {"out": b"", "err": b""}, 2
	while open_ and time.monotonic() - t0 < DEADLINE_S + 10:
		for key, _ in sel.select(timeout=1):
			d = os.read(key.fileobj.fileno(), 4096)
			if not d:
				sel.unregister(key.fileobj)
				open_ -= 1
				continue
			buf[key.data] += d
			while b"\n" in buf[key.data]:
				line, buf[key.data] = buf[key.data].split(b"\n", 1)
				lines.append([round(time.monotonic() - t0, 4), key.data,
					      line.decode(errors="replace")])
	if pr.poll() is None:
		pr.kill()
	pr.wait(timeout=5)
	return {"lines": lines, "rc": pr.returncode}


def backlog(p):
	out = json.loads(kc.sh(["tc", "-n", p.a, "-s", "-j", "qdisc", "show", "dev", "va"]))
	return out[0]["qlen"], out[0]["packets"]


SCENARIO = """[sim]
duration = %ds

[link]
rate = 1bit

[host.a]
platform = x86-64
kernel = 6.x
driver = ideal

[host.b]
platform = x86-64
kernel = 6.x
driver = ideal

[app.ping]
type = ping
host = a
dest = b
interval = %dms
"""


def run():
	mh = part_sock.max_header()
	with kc.Pair(PART) as p:
		part_sock.setup(p)
		q0, sent0 = backlog(p)
		got = kc.probe(p.a, __file__, ["ping", "-n", "-i", str(INTERVAL_S), "-w",
					       str(DEADLINE_S), kc.Pair.ADDR_B],
			       timeout=DEADLINE_S + 20)
		q1, sent1 = backlog(p)
		wmem_max = int(kc.sysctl("net.core.wmem_max", p.a))
	if sent1 != sent0:
		raise RuntimeError("va's tbf let %d packets through during ping" % (sent1 - sent0))
	errs = [t for t, fd, line in got["lines"] if fd == "err" and line == ERR_LINE]
	accepted = q1 - q0
	sets = ["host.a.sysctl.wmem_max=%d" % wmem_max]
	note = "ping -i %g -w %d, va frozen" % (INTERVAL_S, DEADLINE_S)
	if mh is not None:
		sets.append("host.a.max_header=%d" % mh)
		note += "; MAX_HEADER %d" % mh
	n = kc.nicsim(SCENARIO % (DEADLINE_S, INTERVAL_S * 1000), sets)["apps"]["ping"]
	rows = [kc.Row(PART, "first icmp_seq whose send failed", accepted + 1,
		       n["first_error_seq"], note=note)]
	k_first = errs[0] if errs else None
	rows.append(kc.Row(PART, "first printed error (s)", k_first, n["first_printed_error_s"],
			   tol=TOL_FIRST_S, note="100 silent retries, each ~1 ms late in the kernel (poll slack, wakeup)"))
	rows.append(kc.Row(PART, "errors printed by the deadline", len(errs), n["errors_printed"],
			   tol=TOL_COUNT, note="shifted by the first one's lateness"))
	k_sp = (errs[-1] - errs[0]) / (len(errs) - 1) if len(errs) > 1 else None
	n_sp = ((n["last_printed_error_s"] - n["first_printed_error_s"]) / (n["errors_printed"] - 1)
		if n["errors_printed"] > 1 else None)
	rows.append(kc.Row(PART, "mean spacing of printed errors (s)", k_sp, n_sp,
			   tol=TOL_SPACING_S, note="recvmsg's SO_RCVTIMEO: 50 jiffies, run one "
			   "jiffy past by the timer wheel (calc_index)"))
	return rows


if __name__ == "__main__" and len(sys.argv) > 1 and sys.argv[1] == "probe":
	print(json.dumps(probe(sys.argv[2:])))

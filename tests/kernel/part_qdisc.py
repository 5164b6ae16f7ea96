# SPDX-License-Identifier: MIT
"""kernel-check part "qdisc": backlog and drops of a UDP flood into a
qdisc behind a slow link, this kernel against nicsim's 6.x profile.

Kernel side: on va (namespace a), tbf at RATE as root with a burst of one
datagram (1600 bytes: tbf lets the first datagram through, then one per
its wire time at RATE), and under it the qdisc measured, pfifo_fast with
the limit txqueuelen gives it (`ip link set va txqueuelen N` before the
qdisc is made: 6.x pfifo_fast_init sizes each band's ring from it).
Permanent neighbour entries both ways and no IPv6 on va, so that nothing
but the flood (no ARP, no DAD or MLD) passes the qdisc. Three UDP
sockets, one after the other: PRIME datagrams with IP_TOS 0x08
(skb->priority 2: band 2), then COUNT with TOS 0x10 (priority 6: band 0),
then COUNT with TOS 0 (band 1), SIZE bytes each, SO_SNDBUF large enough
that none blocks. The flood takes a few milliseconds, far less than the
second datagram's token wait (RATE is low for that): the first datagram
leaves, the second is held at the rate limiter, the rest queue or drop.
Then `tc -s qdisc show`: the qdisc's drops and backlog (packets).

Why the two band-2 datagrams: tbf takes the held datagram out of its
child (qdisc_peek_dequeued), which consumes a ring slot that ptr_ring
frees only a batch later; nicsim's driver refuses it and it is requeued
without touching the ring, as a NIC root qdisc does (__dev_xmit_skb's
bypass, dev_requeue_skb). Priming with band 2 keeps that difference out
of the bands compared (tests/scenario/pfifo_fast_bands.sh covers the
batch freeing itself).

nicsim side: the same three udp apps (interval 0, each starting when
the one before is done) on an ideal NIC whose TX ring holds one
skb (ethtool tx 1), with the link at RATE: the driver takes the first
datagram and stops its queue until that frame has left, as tbf holds
back everything after its one-datagram burst; the qdisc's counters at
the end of a run shorter than one frame's wire time.

fq_codel: the same flood into fq_codel (limit small, so it drops); this
kernel has no fq_codel (CONFIG_NET_SCH_FQ_CODEL is not set), so the case
is detected (tc refuses the qdisc) and left out; on a kernel that has
it, it runs as written, untested so far.
"""
import json
import os
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kc  # noqa: E402

PART = "qdisc"
RATE_KBIT = 100		# a 1042-byte frame takes 83 ms: the flood is over long before
SIZE = 1000		# UDP payload per datagram
COUNT = 200		# datagrams per socket
TXQLEN = 50		# pfifo_fast's limit, per band on 6.x
FQ_LIMIT = 64		# fq_codel limit, below COUNT so that it drops
FQ_DROP_BATCH = 64	# fq_codel's default drop_batch
PRIME = 2		# band-2 datagrams first: one leaves, the next is held
PORT = 9		# discard: b has no listener, which does not matter here
SNDBUF = 4 << 20	# SO_SNDBUF: 2 x that, far above COUNT x truesize


# --- probe: runs inside namespace a -----------------------------------

def probe_flood(addr, size, floods):
	"""Per (tos, count), one socket sending count datagrams, one socket
	after the other; then tc -s qdisc show dev va, as JSON."""
	def tc():
		out = subprocess.run(["tc", "-s", "-j", "qdisc", "show", "dev", "va"],
				     capture_output=True, text=True, timeout=10, check=True).stdout
		return json.loads(out)

	before = tc()
	t0 = time.monotonic()
	sent = []
	for tos, count in floods:
		s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
		s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SNDBUF)
		s.setsockopt(socket.IPPROTO_IP, socket.IP_TOS, tos)
		buf, n = bytes(size), 0
		for _ in range(count):
			try:
				s.sendto(buf, (addr, PORT))
				n += 1
			except OSError:		# a local drop may report ENOBUFS
				n += 1
		sent.append(n)
		s.close()
	secs = time.monotonic() - t0
	print(json.dumps({"sent": sent, "secs": secs, "before": before, "qdiscs": tc()}))


# --- the comparison ----------------------------------------------------

SCENARIO = """\
[sim]
duration = {dur}
[link]
rate = {rate}kbit
delay = 10us
[host.a]
platform = x86-64
kernel = 6.x
driver = ideal
qdisc = {qdisc}
{fq}[host.a.ethtool]
tx = 1
[host.b]
platform = x86-64
kernel = 6.x
driver = ideal
[app.prime]
type = udp
host = a
dest = b
count = {prime}
interval = 0s
size = {size}
sndbuf = {sndbuf}
tos = 0x08
[app.hi]
type = udp
host = a
dest = b
count = {count}
interval = 0s
size = {size}
sndbuf = {sndbuf}
tos = 0x10
start = {start_hi}
[app.lo]
type = udp
host = a
dest = b
count = {count}
interval = 0s
size = {size}
sndbuf = {sndbuf}
start = {start}
"""


def kernel_flood(qdisc_args, txqlen):
	"""The flood into tbf + the qdisc; None if tc refuses the qdisc."""
	with kc.Pair("qdisc") as p:
		# permanent neighbour entries both ways: no ARP request or
		# reply (b answers the datagrams with ICMP) through the qdisc,
		# no datagram parked in an unresolved neighbour's queue
		for ns, dev, peer_ns, peer_dev, addr in ((p.a, "va", p.b, "vb", p.ADDR_B),
							 (p.b, "vb", p.a, "va", p.ADDR_A)):
			mac = json.loads(kc.sh(["ip", "-n", peer_ns, "-j", "link", "show",
						peer_dev]))[0]["address"]
			kc.sh(["ip", "-n", ns, "neigh", "replace", addr, "lladdr", mac, "dev", dev,
			       "nud", "permanent"])
		# no IPv6 on va: its DAD, MLD and router solicitations would
		# pass through the qdisc at moments of their own
		kc.nsexec(p.a, ["sysctl", "-q", "-w", "net.ipv6.conf.va.disable_ipv6=1"])
		kc.sh(["ip", "-n", p.a, "link", "set", "va", "txqueuelen", str(txqlen)])
		kc.sh(["tc", "-n", p.a, "qdisc", "add", "dev", "va", "root", "handle", "1:",
		       "tbf", "rate", "%dkbit" % RATE_KBIT, "burst", "1600", "limit", "100000"])
		r = subprocess.run(["tc", "-n", p.a, "qdisc", "add", "dev", "va", "parent",
				    "1:1", "handle", "10:"] + qdisc_args,
				   capture_output=True, text=True, timeout=10)
		if r.returncode:
			return None
		got = kc.probe(p.a, os.path.abspath(__file__),
			       ["flood", p.ADDR_B, SIZE, "8:%d" % PRIME, "16:%d" % COUNT,
				"0:%d" % COUNT], timeout=30)
	leaf = [q for q in got["qdiscs"] if q.get("handle") == "10:"][0]
	tbf = [q for q in got["qdiscs"] if q.get("kind") == "tbf"][0]
	print("kernel %s: flood %.1f ms; %s; tbf %s; before %s" % (qdisc_args[0], got["secs"] * 1e3,
	      leaf, tbf, got["before"]), file=sys.stderr)
	return {"drops": leaf["drops"], "backlog": leaf["qlen"], "tbf_sent": tbf["packets"]}


def nicsim_flood(qdisc, fq_lines, txqlen):
	"""The qdisc's drops and packets held at the end of a run that ends
	before the first frame has left (ring of one skb, link at RATE)."""
	wire_ms = (SIZE + 8 + 20 + 14 + 24) * 8 / RATE_KBIT	# frame + preamble, IFG, FCS
	d = kc.tmpdir()
	ini = os.path.join(d, "qdisc-%s.ini" % qdisc)
	csv = ini[:-4] + ".csv"
	with open(ini, "w") as f:
		f.write(SCENARIO.format(dur="%gms" % (wire_ms / 2), rate=RATE_KBIT,
					qdisc=qdisc, fq=fq_lines, count=COUNT, size=SIZE,
					sndbuf=SNDBUF, prime=PRIME, start_hi="%gms" % (wire_ms / 16),
					start="%gms" % (wire_ms / 8)))
	kc.sh([os.environ["NICSIM"], "run", ini, "--json", ini[:-4] + ".json", "-q",
	       "--trace", "host.a.txq0.qdisc.qlen,host.a.txq0.qdisc.drops",
	       "--trace-every", "change", "--trace-out", csv], timeout=60)
	with open(csv) as f:
		last = f.read().strip().splitlines()[-1].split(",")
	with open(ini[:-4] + ".json") as f:
		res = json.load(f)
	return {"backlog": int(last[1]), "drops": int(last[2]),
		"sent": sum(res["apps"][a]["sent"] for a in ("prime", "hi", "lo"))}


def run():
	rows = []
	k = kernel_flood(["pfifo_fast"], TXQLEN)
	n = nicsim_flood("pfifo_fast", "tx_queue_len = %d\n" % TXQLEN, TXQLEN)
	note = ("%d + %d + %d datagrams (bands 2, 0, 1), txqueuelen %d, %d kbit/s; "
		"kernel: tbf sent %d; counts exact" % (PRIME, COUNT, COUNT, TXQLEN, RATE_KBIT,
						      k["tbf_sent"]))
	rows.append(kc.Row(PART, "pfifo_fast backlog (packets)", k["backlog"], n["backlog"], 0, note))
	rows.append(kc.Row(PART, "pfifo_fast drops", k["drops"], n["drops"], 0, note))
	fq = ["fq_codel", "limit", str(FQ_LIMIT), "drop_batch", str(FQ_DROP_BATCH)]
	k = kernel_flood(fq, TXQLEN)
	if k is None:
		kc.left_out("fq_codel backlog/drops",
			    "not built into this kernel (CONFIG_NET_SCH_FQ_CODEL)")
		return rows
	n = nicsim_flood("fq_codel", "fq_codel_limit = %d\nfq_codel_drop_batch = %d\n" %
			 (FQ_LIMIT, FQ_DROP_BATCH), TXQLEN)
	note = ("%d + %d + %d datagrams, fq_codel limit %d, drop_batch %d (untested: "
		"written for a kernel with fq_codel)" % (PRIME, COUNT, COUNT, FQ_LIMIT,
							  FQ_DROP_BATCH))
	rows.append(kc.Row(PART, "fq_codel backlog (packets)", k["backlog"], n["backlog"], 0, note))
	rows.append(kc.Row(PART, "fq_codel drops", k["drops"], n["drops"], 0, note))
	return rows


if __name__ == "__main__":
	if len(sys.argv) > 2 and sys.argv[1] == "probe" and sys.argv[2] == "flood":
		a = sys.argv[3:]
		probe_flood(a[0], int(a[1]), [tuple(int(x) for x in f.split(":")) for f in a[2:]])

# SPDX-License-Identifier: MIT
"""Socket send-buffer rules and skb truesize against the running kernel.

Kernel side: in namespace a, va's egress is a tbf at 8 bit/s with a limit
far above what is measured; a filler UDP socket spends its burst first, so
nothing is dequeued (and nothing the measured sockets sent is freed) while
they send. A permanent neighbour entry keeps the skbs out of the ARP
queue. For each socket kind (raw ICMP, as ping's; UDP with MSG_DONTWAIT),
SO_SNDBUF and payload size, a fresh socket sends until the first error
(ENOBUFS, EAGAIN), at most MAX_SENDS times; SO_MEMINFO's
SK_MEMINFO_WMEM_ALLOC (index 2: sk_wmem_alloc without the socket's own
reference) is read after each of the first three sends. SO_SNDBUF is
set and read back for a list of values.

nicsim side: two x86-64 / 6.x hosts with the ideal driver on a 1 bit/s
link (the first frame would take minutes, so no skb is freed in the 2 s
run); the ping app (raw) and the udp app (nonblock) with the same sizes
and SO_SNDBUF; the build's MAX_HEADER (read from /proc/config.gz) and the
namespace's net.core.wmem_max and wmem_default are given with --set.
"""
import errno
import gzip
import json
import os
import socket
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kc  # noqa: E402

PART = "sock"
SNDBUFS = (324, 2048, 8192, 65536)
PAYLOADS = (0, 56, 200, 1000, 1472, 4000)
MAX_SENDS = 10000
SO_MEMINFO = 55
SK_MEMINFO_WMEM_ALLOC = 2
DST = (kc.Pair.ADDR_B, 9)

# ---- kernel side (runs inside the namespace) ------------------------------


def _wmem(s):
	return struct.unpack("9I", s.getsockopt(socket.SOL_SOCKET, SO_MEMINFO, 36))[SK_MEMINFO_WMEM_ALLOC]


def _socket(kind):
	if kind == "raw":
		return socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP)
	return socket.socket(socket.AF_INET, socket.SOCK_DGRAM)


def _fill(kind, sndbuf, payload):
	"""Send until the first error: accepted count, errno, wmem after 1..3."""
	s = _socket(kind)
	s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, sndbuf)
	if kind == "raw":	# an echo request; the kernel does not check it
		msg = struct.pack("!BBHHH", 8, 0, 0, 0x4b43, 1) + bytes(payload)
	else:
		msg = bytes(payload)
	n, err, wmem = 0, None, []
	while n < MAX_SENDS:
		try:
			s.sendto(msg, socket.MSG_DONTWAIT, DST)
		except OSError as e:
			err = errno.errorcode.get(e.errno, str(e.errno))
			break
		n += 1
		if n <= 3:
			wmem.append(_wmem(s))
	s.close()	# its skbs stay queued, charged to the closed socket
	return {"n": n, "err": err, "wmem": wmem}


def _sndbuf(values):
	out = {}
	for v in values:
		s = _socket("udp")
		s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, v)
		out[str(v)] = s.getsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF)
		s.close()
	return out


def probe(args):
	if args[0] == "filler":	# spend tbf's burst; queue behind it
		s = _socket("udp")
		for _ in range(int(args[1])):
			s.sendto(bytes(1472), DST)
		return {"ok": 1}
	if args[0] == "sndbuf":
		return _sndbuf([int(a) for a in args[1:]])
	out = {}
	for kind in ("raw", "udp"):
		for sb in SNDBUFS:
			for p in PAYLOADS:
				out["%s/%d/%d" % (kind, sb, p)] = _fill(kind, sb, p)
	return out

# ---- the build's MAX_HEADER ---------------------------------------------


def max_header():
	"""MAX_HEADER of the running kernel's build (include/linux/netdevice.h),
	from /proc/config.gz; None if the config is not exposed."""
	try:
		with gzip.open("/proc/config.gz", "rt") as f:
			cfg = {}
			for line in f:
				if line.startswith("CONFIG_") and "=" in line:
					k, v = line.strip().split("=", 1)
					cfg[k] = v
	except OSError:
		return None

	def on(name):
		return cfg.get("CONFIG_" + name) in ("y", "m")
	if on("HYPERV_NET"):
		ll = 128
	elif on("WLAN") or on("AX25"):
		ll = 128 if on("MAC80211_MESH") else 96
	else:
		ll = 32
	tunnels = any(on(t) for t in ("NET_IPIP", "NET_IPGRE", "IPV6_SIT", "IPV6_TUNNEL"))
	return ll + (48 if tunnels else 0)

# ---- nicsim side ----------------------------------------------------------


SCENARIO = """[sim]
duration = 2s

[link]
rate = 1bit

[host.a]
platform = x86-64
kernel = 6.x
driver = ideal
tx_queue_len = 100000

[host.b]
platform = x86-64
kernel = 6.x
driver = ideal

[app.s]
host = a
dest = b
size = %d
count = %d
%s
"""

APP = {
	"raw": "type = ping\ninterval = 1ms\n",
	"udp": "type = udp\ninterval = 0s\nnonblock = 1\n",
}


def nicsim_send(kind, sndbuf, payload, count, sets):
	"""nicsim's socket after `count` sends (or its first error)."""
	text = SCENARIO % (payload, count, APP[kind] + ("sndbuf = %d\n" % sndbuf
						       if sndbuf is not None else ""))
	try:
		a = kc.nicsim(text, sets)["apps"]["s"]
	except RuntimeError as e:	# a refusal is shown, not a match
		if "exit 2" not in str(e):
			raise
		return "refused", "refused", "refused"
	if kind == "raw":
		first = a["first_error_seq"]
		accepted = first - 1 if first is not None else a["transmitted"]
	else:
		accepted = a["sent"]
	return accepted, a["sk_wmem_alloc_peak"] - 1, a["sk_sndbuf"]


def setup(p):
	"""Freeze va: tbf at 8 bit/s, its burst spent by a filler."""
	for ns in (p.a, p.b):
		kc.nsexec(ns, ["sysctl", "-qw", "net.ipv6.conf.all.disable_ipv6=1"])
	link = json.loads(kc.sh(["ip", "-n", p.b, "-j", "link", "show", "vb"]))
	kc.sh(["ip", "-n", p.a, "neigh", "replace", p.ADDR_B, "lladdr", link[0]["address"],
	       "dev", "va", "nud", "permanent"])
	kc.sh(["tc", "-n", p.a, "qdisc", "replace", "dev", "va", "root", "tbf", "rate", "8bit",
	       "burst", "2000", "limit", "1000000000"])
	kc.probe(p.a, __file__, ["filler", 4])


def sent_through(p):
	"""Packets va's qdisc has let through so far."""
	out = json.loads(kc.sh(["tc", "-n", p.a, "-s", "-j", "qdisc", "show", "dev", "va"]))
	return out[0]["packets"]


def run():
	rows = []
	mh = max_header()
	with kc.Pair(PART) as p:
		setup(p)
		wmem_max = int(kc.sysctl("net.core.wmem_max", p.a))
		wmem_default = int(kc.sysctl("net.core.wmem_default", p.a))
		before = sent_through(p)
		fills = kc.probe(p.a, __file__, ["fill"], timeout=60)
		leaked = sent_through(p) - before
		values = [0, 1, 324, 1024, 2303, 2304, 4096, 65536, wmem_max, wmem_max + 1,
			  2 * wmem_max]
		sndbufs = kc.probe(p.a, __file__, ["sndbuf"] + values)
	if leaked:
		raise RuntimeError("va's tbf let %d packets through during the measurement" % leaked)
	sets = ["host.a.sysctl.wmem_max=%d" % wmem_max,
		"host.a.sysctl.wmem_default=%d" % wmem_default]
	note = "wmem_max %d, wmem_default %d as in the namespace" % (wmem_max, wmem_default)
	if mh is not None:
		sets.append("host.a.max_header=%d" % mh)
		note += "; MAX_HEADER %d from /proc/config.gz" % mh
	for v in values:
		_, _, sk = nicsim_send("udp", v, 0, 1, sets)
		rows.append(kc.Row(PART, "SO_SNDBUF %d: sk_sndbuf" % v, sndbufs[str(v)], sk,
				   note="x2, SOCK_MIN_SNDBUF, wmem_max clamp; " + note if v == values[0] else ""))
	first = True
	for kind in ("raw", "udp"):
		for sb in SNDBUFS:
			for pl in PAYLOADS:
				k = fills["%s/%d/%d" % (kind, sb, pl)]
				n, _, _ = nicsim_send(kind, sb, pl, MAX_SENDS if kind == "udp" else 400
						      if sb < 65536 else 1000, sets)
				rows.append(kc.Row(PART, "%s SO_SNDBUF %d, %d B: sends before %s" %
						   (kind, sb, pl, k["err"]), k["n"], n,
						   note=("nothing freed: va held by tbf; " + note) if first else ""))
				first = False
	for kind in ("raw", "udp"):
		for pl in PAYLOADS:
			k = fills["%s/65536/%d" % (kind, pl)]["wmem"]
			for i, w in enumerate(k):
				_, nw, _ = nicsim_send(kind, 65536, pl, i + 1, sets)
				rows.append(kc.Row(PART, "%s %d B: sk_wmem_alloc after %d" % (kind, pl, i + 1),
						   w, nw, note="SO_MEMINFO; nicsim's minus the socket's own 1"
						   if (kind, pl, i) == ("raw", 0, 0) else ""))
	return rows


if __name__ == "__main__" and len(sys.argv) > 1 and sys.argv[1] == "probe":
	print(json.dumps(probe(sys.argv[2:])))

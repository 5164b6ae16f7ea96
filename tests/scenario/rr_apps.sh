#!/usr/bin/env bash
# netperf TCP_RR and UDP_RR (type = tcp_rr, udp_rr) over a link with 1 ms
# one-way delay: a transaction (1-byte request, 1-byte response) takes at
# least the 2 ms round trip, so transactions/s <= 1 / 2 ms and, on an
# idle path, close to it; latency p50 >= 2 ms, p99 >= p50, max >= p99.
# burst = 4 keeps five transactions in flight: about five times the rate.
# A tcp_rr behind a bulk stream from the same host, on the same TX queue
# of a driver without BQL and a kernel without TSQ, waits behind the
# stream's packets in the ring and the pfifo_fast queue: a p99 far above
# its p99 alone on that host. A lossy link stalls UDP_RR for good (no
# retransmission; a burst of 4 survives until five datagrams are lost)
# but not TCP_RR. Each run passes --check.
. "$(dirname "$0")/lib.inc"
cat > "$T/s.ini" <<'INI'
[sim]
duration = 2s
[link]
rate = 100Mbit
delay = 1ms
[host.a]
platform = x86-64
kernel = 6.x
[host.b]
platform = x86-64
kernel = 6.x
[app.rr]
type = tcp_rr
host = a
dest = b
INI
run() { "$NICSIM" run "$T/s.ini" --check --json "$T/$1.json" "${@:2}" > "$T/$1.txt" || fail "run $1"; }
run tcp
run udp --set app.rr.type=udp_rr
run tcp_burst --set app.rr.burst=4
run udp_lossy --set app.rr.type=udp_rr --set link.loss=0.01
run udp_lossy_burst --set app.rr.type=udp_rr --set link.loss=0.01 --set app.rr.burst=4
run tcp_lossy --set link.loss=0.01
# host a as a 2013 board without TSQ (kernel 3.5) whose mvneta driver
# takes both flows on TX queue 0: the stream fills its ring and queues
# GSO skbs in pfifo_fast, and the tcp_rr's requests wait behind them
old="--set host.a.platform=armada-370 --set host.a.driver=mvneta-3.8 --set host.a.kernel=3.5"
run alone_old $old --set app.rr.hash_pick=0
cp "$T/s.ini" "$T/b.ini"
printf '[app.bulk]\ntype = stream\nhost = a\ndest = b\nhash_pick = 0\n' >> "$T/b.ini"
"$NICSIM" run "$T/b.ini" --check --json "$T/bulk.json" $old --set app.rr.hash_pick=0 > "$T/bulk.txt" ||
	fail "run with bulk"
python3 - "$T" <<'PY' || fail "rr results"
import json, sys
t = sys.argv[1]
def app(n): return json.load(open("%s/%s.json" % (t, n)))["apps"]["rr"]
for n in ("tcp", "udp"):
    a = app(n)
    l = a["latency_us"]
    assert a["type"] == n + "_rr", a["type"]
    assert a["transactions_per_s"] <= 1 / 2e-3, a["transactions_per_s"]
    assert a["transactions_per_s"] >= 0.9 / 2e-3, (n, a["transactions_per_s"])
    assert l["p50"] >= 2000, (n, l)
    assert l["min"] <= l["p50"] <= l["p90"] <= l["p99"] <= l["max"], (n, l)
    assert l["min"] <= l["mean"] <= l["max"], (n, l)
    assert a["transactions"] >= 900, a["transactions"]
b = app("tcp_burst")
assert b["transactions_per_s"] > 4.5 * app("tcp")["transactions_per_s"], b["transactions_per_s"]
assert b["transactions_per_s"] <= 5 / 2e-3, b["transactions_per_s"]
u, tl = app("udp_lossy"), app("tcp_lossy")
assert u["transactions"] < 0.5 * app("udp")["transactions"], u["transactions"]
assert u["blocked_in_recv_since_s"] is not None
assert u["requests_sent"] > u["transactions"]
assert tl["transactions"] > 5 * u["transactions"], (tl["transactions"], u["transactions"])
ub = app("udp_lossy_burst")   # survives losses until five are gone
assert ub["transactions"] > 5 * u["transactions"], (ub["transactions"], u["transactions"])
assert tl["retransmits"] + tl["server_retransmits"] > 0
alone, bulk = app("alone_old")["latency_us"], app("bulk")["latency_us"]
q0 = json.load(open(t + "/bulk.json"))["hosts"]["a"]["nic"]["txq"][0]
assert q0["qdisc"]["kind"] == "pfifo_fast" and q0["qdisc"]["max_qlen"] >= 10, q0
assert alone["p99"] < 3000, alone
assert bulk["p99"] > 5 * alone["p99"], (bulk, alone)
PY
grep -q "^\[app.rr\] tcp_rr a -> b, 1,1 bytes: .* per second; latency us min" "$T/tcp.txt" ||
	fail "summary: $(head -2 "$T/tcp.txt")"
grep -q "UDP_RR does not retransmit" "$T/udp_lossy.txt" || fail "udp stall not told"
grep -q "UDP_RR does not retransmit" "$T/udp.txt" && fail "a stall told on a lossless link"
"$NICSIM" run "$T/s.ini" --quiet --set app.rr.size=20 2>"$T/e" && fail "size accepted on tcp_rr"
grep -q "app.rr: a tcp_rr app takes no size" "$T/e" || fail "size: $(cat "$T/e")"
"$NICSIM" run "$T/s.ini" --quiet --set app.rr.type=udp_rr --set app.rr.cc=reno 2>"$T/e" &&
	fail "cc accepted on udp_rr"
echo "ok: tcp_rr and udp_rr bounded by the 2 ms round trip, percentiles ordered; burst multiplies; UDP_RR stalls on loss; a bulk stream raises p99"

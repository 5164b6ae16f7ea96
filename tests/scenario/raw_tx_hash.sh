#!/usr/bin/env bash
# On 3.x, __skb_tx_hash hashes skb->protocol for a raw socket (raw_hash_sk
# never sets sk_hash), so every ping of a host shares one TX queue and its
# TX-done threshold: the 2014 fix's own arithmetic (B3). Two pings at
# tx-frames 16 hold 2 x 6 = 12 skbs, below the 17 sent frames that raise
# the interrupt, and both fail with ENOBUFS; three hold up to 18, the
# interrupt comes before any socket is full, and none fails, whether the
# pings start 0.3 s apart, as processes launched by hand are, or in the same
# instant: ping's socket filters (ICMP_FILTER and install_filter()'s BPF)
# wake each ping by its own replies only, so the pings' run times stay
# equal and CFS keeps their order from one second to the next.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2014-ping.ini
pings() { # pings N GAP_MS: the scenario with N ping apps, GAP_MS apart
	cat "$f"
	for i in $(seq 2 "$1"); do
		printf '\n[app.ping%d]\ntype = ping\nhost = dut\ndest = peer\ninterval = 1s\ncount = 30\nstart = %dms\n' \
			"$i" $(( (i - 1) * $2 ))
	done
}
for n in 2 3; do
	pings $n 300 >"$T/p$n.ini"
	"$NICSIM" run "$T/p$n.ini" --json "$T/p$n.json" >"$T/p$n.txt" || fail "run with $n pings"
	q=$(grep -o 'txq [0-9]* sent' "$T/p$n.txt" | sort -u | wc -l)
	[ "$q" = 1 ] || fail "$n pings on kernel 3.12 used $q TX queues: $(grep -o 'txq [0-9]* sent' "$T/p$n.txt" | sort -u | tr '\n' ' ')"
done
e2=$(jget "$T/p2.json" "' '.join(str(a['enobufs']) for a in d['apps'].values())")
e3=$(jget "$T/p3.json" "sum(a['enobufs'] for a in d['apps'].values())")
for e in $e2; do [ "$e" -gt 0 ] || fail "two pings: a ping without ENOBUFS ($e2)"; done
[ "$e3" = 0 ] || fail "three pings: $e3 ENOBUFS, want none"
pings 3 0 >"$T/same.ini"
"$NICSIM" run "$T/same.ini" -q --json "$T/same.json" >/dev/null || fail "run with 3 pings started together"
e=$(jget "$T/same.json" "sum(a['enobufs'] for a in d['apps'].values())")
[ "$e" = 0 ] || fail "three pings started in the same instant: $e ENOBUFS, want none"
echo "ok: 3.12: the pings share one TX queue; two fail with ENOBUFS ($e2), three do not, also started together"

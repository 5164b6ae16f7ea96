#!/usr/bin/env bash
# stmmac before and after 3897957494d9 "stmmac: add BQL support", on the
# commit's setup (scenarios/stmmac-2015-bql.ini: 20 TCP streams from an
# S802 fill a 100 Mbit/s link, a TOS 0x10 ping in pfifo_fast's band 0):
#  - stmmac-3.18 (no BQL): the ring holds up to 256 descriptors, two per
#    TCP frame; the ping waits behind them, more than 8 ms on average, and
#    most of that in the TX ring;
#  - stmmac-4.0 (BQL): dql keeps the ring short (reclaim runs in every RX
#    poll, each ACK), the ping's mean RTT under 2 ms; stmmac-4.0 with
#    bql = off is stmmac-3.18 again;
#  - stmmac-3.18 refuses bql = on (its stmmac_xmit has no BQL call).
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/stmmac-2015-bql.ini
p="d['apps']['ping']"
"$NICSIM" run "$f" --quiet --set host.board.driver=stmmac-3.18 --json "$T/a.json" || fail "run 3.18"
[ "$(jget "$T/a.json" "$p['received'] >= 90 and $p['rtt_us']['avg'] > 8000 and \
$p['rtt_split_avg_us']['tx_ring'] > 0.6 * $p['rtt_us']['avg'] and \
d['hosts']['board']['nic']['txq'][0]['ring_max_used'] > 200")" = True ] ||
	fail "3.18: $(jget "$T/a.json" "$p['rtt_us'], $p['rtt_split_avg_us']")"
"$NICSIM" run "$f" --quiet --json "$T/b.json" || fail "run 4.0"
[ "$(jget "$T/b.json" "$p['received'] >= 90 and $p['rtt_us']['avg'] < 2000 and \
d['hosts']['board']['nic']['txq'][0]['bql'] is not None")" = True ] ||
	fail "4.0: $(jget "$T/b.json" "$p['rtt_us'], $p['rtt_split_avg_us']")"
"$NICSIM" run "$f" --quiet --set host.board.bql=off --json "$T/c.json" || fail "run 4.0 bql=off"
[ "$(jget "$T/c.json" "$p['rtt_us']['avg'] > 8000")" = True ] ||
	fail "4.0 bql=off: $(jget "$T/c.json" "$p['rtt_us']")"
out=$("$NICSIM" run "$f" --quiet --set host.board.driver=stmmac-3.18 --set host.board.bql=on 2>&1) &&
	fail "3.18 took bql = on"
case $out in *"does not call netdev_sent_queue"*) ;; *) fail "3.18 bql=on: $out" ;; esac
echo "ok: stmmac-3.18 queues the ping behind its ring, stmmac-4.0 (BQL) does not"

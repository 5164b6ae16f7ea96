#!/usr/bin/env bash
# The socket lock (lock_sock / release_sock): ACKs that arrive while iperf
# is inside write() wait in the socket backlog and are processed, with
# the transmissions they release, on iperf's CPU. With the 2015 patch's
# queue = sending CPU, that puts a large share of the flow's frames (about
# 40 %) on iperf's CPU's queue (1), although iperf spends under a fifth of
# its CPU in the kernel; the rest leave from the interrupt CPU's (0), where
# ACKs that find the socket free are processed; nothing is lost.
# Without SACK: with it, the reordering the two queues cause comes back
# as SACK blocks that open the window in softirq on CPU 0
# (tests/scenario/tcp_sack.sh). The NETA in post order (a what-if): at
# reset (fixed priority) queue 1's frames overtake queue 0's, and without
# SACK that reordering, not the lock, sets how many frames each queue
# carries (about 9 % on queue 1, 787 Mbit/s).
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2015-txqueues.ini
"$NICSIM" run "$f" --set sim.duration=2s --set host.dut.tx_select=cpu --check \
	--set host.peer.sysctl.tcp_sack=0 --set host.dut.tx_arbiter=post-order \
	--json "$T/c.json" >/dev/null || fail "run"
a="d['apps']['iperf']"
[ "$(jget "$T/c.json" "$a['backlogged'] > 1000 and $a['backlog_drops'] == 0")" = True ] ||
	fail "backlog: $(jget "$T/c.json" "($a['backlogged'], $a['backlog_drops'])")"
python3 - "$T/c.json" <<'PY' || fail "frames per TX queue do not follow the lock owner's CPU"
import json, sys
d = json.load(open(sys.argv[1]))
q = [x['packets'] for x in d['hosts']['dut']['nic']['txq']]
# iperf runs on CPU 1, interrupts on CPU 0 (mvneta-4.4's elected CPU)
sys.exit(0 if q[1] > 0.25 * (q[0] + q[1]) and q[0] > 0 else 1)
PY
# Karn's rule is pinned in tests/unit/test_tcp_loss.c, not by min_rtt
# here: when only retransmitted data is ACKed, 4.4 samples the echoed
# timestamp in whole jiffies and its min_rtt takes 1 us from a 0-jiffy
# sample (tcp_update_rtt_min), as the kernel's does. --check asserts that
# no skb leaves before it was queued.
echo "ok: ACKs wait in the backlog while iperf owns the socket; release_sock sends from iperf's CPU"

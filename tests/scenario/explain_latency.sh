#!/usr/bin/env bash
# explain tells where a ping's round trip went, largest parts first. At
# 10 Mbit/s beside an iperf on another TX queue (the 2017 scenario,
# without BQL, whose hash puts the ping's queue below iperf's), at reset
# (fixed priority) no echo request leaves, and explain says the NIC
# served the higher queue. Under post order (a what-if) most of the
# round trip is the arbiter's: the echo request waits for iperf's frames
# handed over before it, and explain names the NIC's arbitration and
# iperf's busy queue.
# Under round robin the same wait is at most the frame on the wire (1.23
# ms for a full frame at 10 Mbit/s). Pinged from the PC, the wait is the
# board's echo reply's, behind iperf's frames: at its own queue's head,
# or in iperf's ring when the hash puts it there.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2017-bql.ini
set -- --set link.rate=10Mbit --set host.dut.bql=off --set sim.duration=3s
"$NICSIM" explain "$f" "$@" >"$T/fp.txt" || fail "explain, fixed priority"
grep -E "^  what held them: the TX ring of txq [0-7], whose frames had not all reached the wire \(0 frames sent on it\); dut's NIC serves its TX queues by fixed priority, the highest-numbered queue first \(TQFPC at reset\), and its busiest other queue, txq [0-7], sent [0-9]+ frames\.$" "$T/fp.txt" >/dev/null ||
	fail "fixed priority: $(grep -A4 'app.ping' "$T/fp.txt")"
"$NICSIM" explain "$f" "$@" --set host.dut.tx_arbiter=post-order >"$T/po.txt" || fail "explain, post order"
grep -E "^  round trip: mean [0-9.]+ ms over [0-9]+ replies; where it went: (9[0-9]|8[0-9]) % \([0-9.]+ ms\) at the head of its TX queue, while the NIC sent other queues' frames; dut's NIC serves its TX queues in the order frames were handed over \(post-order\), and its busiest other queue, txq [0-7], sent [0-9]+ frames" "$T/po.txt" >/dev/null ||
	fail "post order: $(grep -A1 'app.ping' "$T/po.txt")"
"$NICSIM" explain "$f" "$@" --set host.dut.tx_arbiter=round-robin >"$T/rr.txt" || fail "explain, round robin"
w=$(sed -nE 's/.* \(([0-9.]+) ms\) at the head of its TX queue.*/\1/p' "$T/rr.txt")
python3 -c "import sys; sys.exit(not 0 < float(sys.argv[1]) < 1.23)" "${w:-0}" ||
	fail "round robin: the arbiter's wait: $(grep 'round trip' "$T/rr.txt")"
grep -q "round robin, a frame per busy queue" "$T/rr.txt" || fail "round robin not named: $(grep 'round trip' "$T/rr.txt")"
"$NICSIM" explain "$f" "$@" --set app.ping.host=peer --set app.ping.dest=dut >"$T/pc.txt" || fail "explain, ping from the PC"
grep -qE "^  round trip: .*where it went: (9[0-9]|8[0-9]) % \([0-9.]+ ms\) (at the head of its TX queue|in a TX ring)" "$T/pc.txt" ||
	fail "ping from the PC: $(grep 'round trip' "$T/pc.txt")"
echo "ok: explain names the arbiter: the higher queue served under fixed priority, iperf's backlog under post order, a frame under round robin; the board's reply's when pinged from the PC"

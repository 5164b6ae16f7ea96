#!/usr/bin/env bash
# The TX watchdog. mvneta-6.x has BQL, whose limit starts at 0: the first
# echo request stops the queue until it completes. With tx-frames 1 the
# NETA raises TX-done only after two frames are sent, and BQL lets no
# second one in, so the queue stays stopped; dev_watchdog finds it stopped
# with no transmit accepted for 5 s and mvneta_tx_timeout frees the ring
# and resets the TX DMA. 6.x re-arms the watchdog from the stopped queue's
# trans_start (caught at 5.01 s); older kernels from the last run (10 s).
# With tx-frames 0 (6.x's default) nothing stalls and nothing times out.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2014-ping.ini
set -- --set host.dut.driver=mvneta-6.x --set app.ping.count=20 --set sim.duration=22s
"$NICSIM" run "$f" "$@" --set host.dut.kernel=6.x --set host.dut.ethtool.tx-frames=1 \
	--json "$T/6.json" >"$T/6.txt" || fail "6.x run"
"$NICSIM" run "$f" "$@" --set host.dut.kernel=4.4 --set host.dut.ethtool.tx-frames=1 \
	--json "$T/4.json" >/dev/null || fail "4.4 run"
"$NICSIM" run "$f" "$@" --set host.dut.kernel=6.x --set host.dut.ethtool.tx-frames=0 \
	--json "$T/0.json" >/dev/null || fail "tx-frames 0 run"
p="d['apps']['ping']"
n="d['hosts']['dut']['nic']"
# ping 2 (t = 1 s) waits for the watchdog; all 20 are answered in the end
[ "$(jget "$T/6.json" "($n['tx_timeouts'], $p['received'])")" = "(1, 20)" ] ||
	fail "6.x: $(jget "$T/6.json" "($n['tx_timeouts'], $p['received'])")"
[ "$(jget "$T/6.json" "3.9e6 < $p['rtt_us']['max'] < 4.1e6")" = True ] ||
	fail "6.x: max RTT $(jget "$T/6.json" "$p['rtt_us']['max']") us, want about 4 s"
[ "$(jget "$T/4.json" "$n['tx_timeouts'] == 1 and 8.9e6 < $p['rtt_us']['max'] < 9.1e6")" = True ] ||
	fail "4.4: $(jget "$T/4.json" "($n['tx_timeouts'], $p['rtt_us']['max'])")"
[ "$(jget "$T/0.json" "($n['tx_timeouts'], $p['received'], $p['rtt_us']['max'] < 1000)")" = "(0, 20, True)" ] ||
	fail "tx-frames 0: $(jget "$T/0.json" "($n['tx_timeouts'], $p['received'], $p['rtt_us']['max'])")"
grep -q "; TX watchdog timeouts 1$" "$T/6.txt" || fail "summary: $(grep '^host dut' "$T/6.txt")"
"$NICSIM" explain "$f" "$@" --set host.dut.kernel=6.x --set host.dut.ethtool.tx-frames=1 >"$T/e.txt" ||
	fail explain
grep -q "^host dut: the TX watchdog fired 1 times" "$T/e.txt" || fail "explain: $(cat "$T/e.txt")"
grep -q "txq [0-9] timed out 1 times: BQL" "$T/e.txt" || fail "explain: $(cat "$T/e.txt")"
echo "ok: a queue stopped by BQL that never completes is reset by the TX watchdog"

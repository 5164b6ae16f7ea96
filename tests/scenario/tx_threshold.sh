#!/usr/bin/env bash
# The NETA sent threshold fires when sent > tx-frames. With sk_sndbuf 2048
# and 704-byte echo skbs, six may be charged (4225 > 4096 refuses the 7th):
# tx-frames 5 reclaims at the 6th sent frame (no ENOBUFS), tx-frames 6 would
# need a 7th that can never be sent (ENOBUFS from icmp_seq 7 on).
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2014-ping.ini
"$NICSIM" run "$f" --set host.dut.ethtool.tx-frames=5 --json "$T/5.json" >/dev/null || fail run5
"$NICSIM" run "$f" --set host.dut.ethtool.tx-frames=6 --json "$T/6.json" >/dev/null || fail run6
[ "$(jget "$T/5.json" "d['apps']['ping']['enobufs']")" = 0 ] || fail "tx-frames 5 gave ENOBUFS"
[ "$(jget "$T/5.json" "d['apps']['ping']['received']")" = 30 ] || fail "tx-frames 5 lost replies"
[ "$(jget "$T/6.json" "d['apps']['ping']['first_error_seq']")" = 7 ] || fail "tx-frames 6: first_error_seq != 7"
# iputils: first printed error 19 s after the first failed send (oom_count 20 x 500 ms)
gap=$(jget "$T/6.json" "round(d['apps']['ping']['first_printed_error_s'] - d['apps']['ping']['first_error_s'], 3)")
[ "$gap" = 19.0 ] || fail "first printed error $gap s after the first failure, want 19"
# mvneta-3.8: no TX interrupt, the 10 ms timer reclaims: no ENOBUFS either
"$NICSIM" run "$f" --set host.dut.driver=mvneta-3.8 --json "$T/38.json" >/dev/null || fail run38
[ "$(jget "$T/38.json" "d['apps']['ping']['enobufs']")" = 0 ] || fail "mvneta-3.8 gave ENOBUFS"
[ "$(jget "$T/38.json" "d['hosts']['dut']['nic']['tx_done_timer_runs']")" -ge 30 ] || fail "timer did not run"
echo "ok: threshold fires at sent > tx-frames; iputils retry timing; 3.8 timer reclaim"

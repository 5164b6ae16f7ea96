#!/usr/bin/env bash
# The progress line: on a terminal (script(1) gives the run a pty) a run
# prints "nicsim: NN%" lines on stderr and clears them; the summary is
# byte-identical to a redirected run, which prints no progress at all.
# NICSIM_PROGRESS_AFTER=0 shows it from the start (the default waits a
# second of wall time), so the test does not depend on the machine's speed.
. "$(dirname "$0")/lib.inc"
command -v script >/dev/null || { echo "skip: no script(1)"; exit 0; }
f=$SRC/scenarios/mvneta-2013-netperf.ini
args="--set host.dut.tx_reclaim=rx-poll --set sim.duration=2s"
NICSIM_PROGRESS_AFTER=0 "$NICSIM" run "$f" $args >"$T/plain.out" 2>"$T/plain.err" || fail "redirected run"
[ ! -s "$T/plain.err" ] || fail "progress written to a non-terminal: $(head -c 200 "$T/plain.err")"
NICSIM_PROGRESS_AFTER=0 script -qec "'$NICSIM' run '$f' $args >'$T/tty.out'" "$T/tty.log" >/dev/null || fail "pty run"
cmp -s "$T/plain.out" "$T/tty.out" || fail "summary differs when a terminal watches"
grep -q "nicsim: 100%" "$T/tty.log" || fail "no progress line on a pty"
grep -q $'\r\033\[K' "$T/tty.log" || fail "progress line not cleared"
# the default threshold: a short run finishes before it and shows none
script -qec "'$NICSIM' run '$f' --set sim.duration=10ms >/dev/null" "$T/short.log" >/dev/null || fail "short pty run"
! grep -q "nicsim: " "$T/short.log" || fail "progress on a run far shorter than a second"
echo "ok: progress only on a terminal, results unchanged"

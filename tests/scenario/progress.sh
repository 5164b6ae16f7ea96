#!/usr/bin/env bash
# The progress line: on a terminal (script(1) gives the run a pty) a run
# longer than a second prints "nicsim: NN%" lines on stderr and clears
# them; the summary is byte-identical to a redirected run, which prints
# no progress at all.
. "$(dirname "$0")/lib.inc"
command -v script >/dev/null || { echo "skip: no script(1)"; exit 0; }
f=$SRC/scenarios/mvneta-2013-netperf.ini
args="--set host.dut.tx_reclaim=rx-poll --set sim.duration=15s"
"$NICSIM" run "$f" $args >"$T/plain.out" 2>"$T/plain.err" || fail "redirected run"
[ ! -s "$T/plain.err" ] || fail "progress written to a non-terminal: $(head -c 200 "$T/plain.err")"
start=$(date +%s.%N)
script -qec "'$NICSIM' run '$f' $args >'$T/tty.out'" "$T/tty.log" >/dev/null || fail "pty run"
wall=$(python3 -c "print($(date +%s.%N) - $start)")
cmp -s "$T/plain.out" "$T/tty.out" || fail "summary differs when a terminal watches"
if python3 -c "import sys; sys.exit(0 if $wall > 1.5 else 1)"; then
	grep -q "nicsim: 100%" "$T/tty.log" || fail "no progress line in a ${wall}s run on a pty"
fi
echo "ok: progress only on a terminal, results unchanged (${wall}s run)"

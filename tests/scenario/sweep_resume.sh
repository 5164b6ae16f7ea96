#!/usr/bin/env bash
# nicsim sweep is resumable: SIGKILL the sweep mid-way, run the same
# command again, and the final CSV and JSONL are those of an uninterrupted
# run; the points finished before the kill are not run again; the workers
# die with the sweep; no temporary is left. A second sweep into a busy
# DIR, or a different sweep into a finished DIR, is refused (exit 2).
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2013-netperf.ini
dur=6s	# about 0.3 s of wall time per point
ldd "$NICSIM" 2>/dev/null | grep -q libasan && dur=500ms
args=(--set host.dut.tx_reclaim=rx-poll --set sim.duration=$dur
      --axis app.netperf.size=2048:20480:2048 -j 2)
n=10
"$NICSIM" sweep "$f" "${args[@]}" --out "$T/ref" >/dev/null || fail "uninterrupted sweep"

"$NICSIM" sweep "$f" "${args[@]}" --out "$T/k" >/dev/null 2>"$T/k.err" &
pid=$!
done_now() { find "$T/k/points" -name '*.json' 2>/dev/null | wc -l; }
for _ in $(seq 600); do
	[ "$(done_now)" -ge 2 ] && break
	sleep 0.02
done
"$NICSIM" sweep "$f" "${args[@]}" --out "$T/k" >/dev/null 2>"$T/busy.err"
rc=$?
kill -9 $pid
wait $pid 2>/dev/null
[ $rc = 2 ] && grep -q "in use by another nicsim sweep" "$T/busy.err" ||
	fail "a second sweep into a busy DIR was not refused (rc $rc: $(cat "$T/busy.err"))"
kept=$(done_now)
[ "$kept" -ge 2 ] && [ "$kept" -lt $n ] || fail "the kill did not land mid-way ($kept of $n done)"
[ ! -e "$T/k/results.csv" ] || fail "a CSV exists before every point finished"
sleep 0.3
! pgrep -f -- "--out $T/k" >/dev/null || fail "workers outlived the killed sweep"
echo "ok: killed with $kept of $n points done; a second sweep was refused meanwhile"

"$NICSIM" sweep "$f" "${args[@]}" --out "$T/k" >"$T/k2.out" || fail "resumed sweep"
grep -q "^$n points: $((n - kept)) run now, $kept found done" "$T/k2.out" ||
	fail "resume redid finished points: $(tail -1 "$T/k2.out")"
cmp -s "$T/ref/results.csv" "$T/k/results.csv" || fail "CSV after resume differs"
cmp -s "$T/ref/results.jsonl" "$T/k/results.jsonl" || fail "JSONL after resume differs"
[ -z "$(find "$T/k" -name '*.tmp.*')" ] || fail "temporaries left: $(find "$T/k" -name '*.tmp.*')"
[ "$(find "$T/k" -name '*.csv' | wc -l)" = 1 ] || fail "not exactly one CSV"
echo "ok: resumed sweep = uninterrupted sweep (CSV and JSONL), $((n - kept)) points run"

# rerunning a finished sweep runs nothing and writes the same bytes
"$NICSIM" sweep "$f" "${args[@]}" --out "$T/k" >"$T/k3.out" || fail "rerun"
grep -q "^$n points: 0 run now, $n found done" "$T/k3.out" || fail "rerun ran points"
cmp -s "$T/ref/results.csv" "$T/k/results.csv" || fail "CSV after rerun differs"

# a different sweep into the same DIR: refused, nothing touched
cp "$T/k/results.csv" "$T/before.csv"
refused() {
	"$NICSIM" sweep "$f" "$@" --out "$T/k" >/dev/null 2>"$T/other.err"
	local rc=$?
	[ $rc = 2 ] && grep -q "holds another sweep" "$T/other.err" ||
		fail "a different sweep ($*) was not refused: rc $rc, $(cat "$T/other.err")"
}
base=(--set host.dut.tx_reclaim=rx-poll --set sim.duration=$dur -j 2)
refused "${base[@]}" --axis app.netperf.size=2048:20480:4096
refused "${args[@]}" --repeat 2
refused "${args[@]}" --metric apps.netperf.bytes
refused "${args[@]}" --set app.netperf.read_size=1000
sed 's/^duration = 10s/duration = 10s  /' "$f" >"$T/changed.ini"
"$NICSIM" sweep "$T/changed.ini" "${args[@]}" --out "$T/k" >/dev/null 2>"$T/other.err"
rc=$?
[ $rc = 2 ] && grep -q "scenario file content" "$T/other.err" ||
	fail "a changed scenario file was accepted: rc $rc, $(cat "$T/other.err")"
cmp -s "$T/before.csv" "$T/k/results.csv" || fail "a refused sweep changed DIR"
# the same content under another path is the same sweep
cp "$f" "$T/same.ini"
"$NICSIM" sweep "$T/same.ini" "${args[@]}" --out "$T/k" >"$T/same.out" || fail "same content refused"
grep -q "0 run now" "$T/same.out" || fail "same content ran points again"
echo "ok: a different sweep into a finished DIR is refused (exit 2), a moved scenario is not"

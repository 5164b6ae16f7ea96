#!/usr/bin/env bash
# --check: every shipped scenario runs clean with the model's invariants
# verified after every event (durations capped at 2 s of simulated time to
# keep make check short; the full runs are clean too, see
# docs/robustness.md), and faults injected by the test hook are caught:
# exit status 3, the time, the event and the object named, no file left
# half-written.
. "$(dirname "$0")/lib.inc"
n=0
for f in "$SRC"/scenarios/*.ini; do
	d=$(python3 -c "
import configparser, sys
c = configparser.ConfigParser(inline_comment_prefixes=(';', '#'))
c.read(sys.argv[1])
print(c.get('sim', 'duration', fallback='10s'))" "$f")
	set=""
	case $d in *ms|*us|*ns) ;; *) [ "${d%s}" -gt 2 ] 2>/dev/null && set="--set sim.duration=2s" ;; esac
	"$NICSIM" run "$f" -q --check $set >"$T/out" 2>&1 || fail "$(basename "$f") under --check: $(tail -2 "$T/out")"
	n=$((n + 1))
done
echo "ok: $n shipped scenarios clean under --check"
f=$SRC/scenarios/mvneta-2014-ping.ini
cd "$T"
"$NICSIM" run "$f" -q --check --inject double-free 2>err; rc=$?
[ $rc = 3 ] || fail "double free: exit $rc, want 3"
grep -qE "invariant violated at t=[0-9.]+ s, after event #[0-9]+: skb [0-9]+ .*freed twice" err ||
	fail "double free not reported: $(cat err)"
"$NICSIM" run "$f" -q --check --inject wmem-leak --trace all --trace-out t.csv 2>err; rc=$?
[ $rc = 3 ] || fail "wmem leak: exit $rc, want 3"
grep -q "host dut raw ICMP socket .*sk_wmem_alloc 706" err || fail "wmem leak not reported: $(cat err)"
[ ! -e t.csv ] && [ -z "$(ls -A | grep nicsim-tmp)" ] || fail "a trace was left behind: $(ls -A)"
"$NICSIM" run "$f" -q --inject double-free 2>err; [ $? = 2 ] || fail "--inject without --check accepted"
"$NICSIM" run "$f" -q --check --inject nonsense 2>err; [ $? = 2 ] || fail "unknown fault accepted"
echo "ok: injected double free and wmem leak caught (exit 3), nothing left half-written"

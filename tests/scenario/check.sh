#!/usr/bin/env bash
# --check: every shipped scenario runs clean with the model's invariants
# verified after every event (durations capped at 2 s of simulated time to
# keep make check short; 0.2 s in the sanitizer build, where what is
# checked is the code each scenario runs, not its later phases; an
# application that would start after the cap starts half-way to it; the
# full runs are clean too, see docs/robustness.md), and faults injected by
# the test hook (a double free, a charge with no skb, bytes in flight
# beyond BQL's limit, an MTU below the frames in flight) are caught:
# exit status 3, the time, the event and the object named, no file left
# half-written.
. "$(dirname "$0")/lib.inc"
cap=2
ldd "$NICSIM" 2>/dev/null | grep -q libasan && cap=0.2
n=0
for f in "$SRC"/scenarios/*.ini; do
	set=$(python3 - "$f" "$cap" <<'PY'
import configparser, re, sys
c = configparser.ConfigParser(inline_comment_prefixes=(';', '#'))
c.read(sys.argv[1])
def sec(v):
    m = re.fullmatch(r"([0-9.]+)\s*(ns|us|ms|s)?", v.strip())
    return float(m.group(1)) * {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1, None: 1}[m.group(2)]
d = sec(c.get("sim", "duration", fallback="10s"))
cap = float(sys.argv[2])
if d > cap:
    print("--set sim.duration=%gs" % cap)
    for s in c.sections():
        if s.startswith("app.") and c.has_option(s, "start") and sec(c.get(s, "start")) >= cap:
            print("--set %s.start=%gs" % (s, cap / 2))
PY
)
	"$NICSIM" run "$f" -q --check $set >"$T/out" 2>&1 || fail "$(basename "$f") under --check: $(tail -2 "$T/out")"
	n=$((n + 1))
done
echo "ok: $n shipped scenarios clean under --check (at most ${cap} s each)"
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
v=(--set host.vm.driver=virtio_net-6.11 --set sim.duration=20ms --set app.ping.start=10ms)
"$NICSIM" run "$SRC/scenarios/virtio_net-vm-bulk-ping.ini" -q "${v[@]}" --check --inject bql-excess 2>err; rc=$?
[ $rc = 3 ] || fail "BQL excess: exit $rc, want 3"
grep -qE "host vm txq 0 BQL: an skb was handed to the driver with [0-9]+ bytes in flight beyond what the limit \([0-9]+\) lets through" err ||
	fail "BQL excess not reported: $(cat err)"
"$NICSIM" run "$SRC/scenarios/virtio_net-vm-bulk-ping.ini" -q "${v[@]}" --check --inject mtu-drop 2>err; rc=$?
[ $rc = 3 ] || fail "MTU drop: exit $rc, want 3"
grep -q "host vm: a frame of 1514 bytes left on the wire, above the MTU 576" err ||
	fail "frame above the MTU not reported: $(cat err)"
"$NICSIM" run "$f" -q --inject double-free 2>err; [ $? = 2 ] || fail "--inject without --check accepted"
"$NICSIM" run "$f" -q --check --inject nonsense 2>err; [ $? = 2 ] || fail "unknown fault accepted"
echo "ok: injected double free, wmem leak, BQL excess and a frame above the MTU caught (exit 3), nothing left half-written"

#!/usr/bin/env bash
# A validate row must not pass on silence: a row whose band a do-nothing run
# would meet is refused without `require`, and a run that did not do the
# work its `require` names fails with the reason. `unmodelled` rows are
# listed as FAIL without a run; calibration rows leave the headline's count.
. "$(dirname "$0")/lib.inc"
base() {
	cat <<'INI'
[sim]
duration = 3s
[link]
rate = 1Gbit
[host.a]
[host.b]
[app.ping]
type = ping
host = a
dest = b
count = 2
interval = 1s
INI
}
# 1. a band containing 0 with no require: refused at load, FILE:LINE
{ base; printf '[expect.Z]\nmetric = apps.ping.enobufs\nvalue = 0\n'; } >"$T/silent.ini"
"$NICSIM" validate "$T/silent.ini" >"$T/o1" 2>&1; rc=$?
[ $rc = 2 ] || fail "a row that passes on silence was accepted (exit $rc)"
grep -qE "silent\.ini:[0-9]+: \[expect\.Z\] passes with 0.*require" "$T/o1" || fail "no FILE:LINE message: $(cat "$T/o1")"
# 2. require met: pass; require not met (the ping never starts): FAIL with why
{ base; printf '[expect.Z]\nmetric = apps.ping.enobufs\nvalue = 0\nrequire = apps.ping.received==apps.ping.transmitted apps.ping.transmitted>=2\n'
  printf '[expect.Y]\nmetric = apps.ping.enobufs\nvalue = 0\nset = app.ping.start=2900ms\nrequire = apps.ping.transmitted>=2\n'
  printf '[expect.X]\nobservation = not modelled\nunmodelled = no such path in the model\nvalue = 1\n'
  printf '[expect.W]\nmetric = apps.ping.transmitted\nvalue = 2\nrole = calibration\n'; } >"$T/work.ini"
"$NICSIM" validate "$T/work.ini" >"$T/o2" 2>&1; rc=$?
cat "$T/o2"
[ $rc = 1 ] || fail "validate exit $rc, expected 1 (rows fail)"
grep -qE '^Z .* pass$' "$T/o2" || fail "row Z (work done) does not pass"
grep -qE '^Y .* FAIL$' "$T/o2" || fail "row Y passed although its ping sent fewer than 2"
grep -qE 'why: the run did not do its work: apps.ping.transmitted is 1, not >= 2' "$T/o2" || fail "row Y's why does not name the missing work"
grep -qE '^X .* - .* FAIL$' "$T/o2" || fail "the unmodelled row is not a FAIL without a figure"
grep -qE 'why: no such path in the model' "$T/o2" || fail "the unmodelled row lacks its why"
grep -qE '^W .* pass cal$' "$T/o2" || fail "the calibration row is not marked"
grep -qxF '1 of 3 published figures reproduced (1 more used for calibration)' "$T/o2" || fail "headline: $(tail -1 "$T/o2")"
# 3. malformed require
{ base; printf '[expect.Z]\nmetric = apps.ping.enobufs\nvalue = 0\nrequire = apps.ping.received\n'; } >"$T/bad.ini"
"$NICSIM" validate "$T/bad.ini" >"$T/o3" 2>&1; rc=$?
[ $rc = 2 ] && grep -qE 'bad\.ini:[0-9]+: require: .apps.ping.received. is not PATH OP VALUE' "$T/o3" || fail "malformed require: exit $rc: $(cat "$T/o3")"
echo "ok: silence refused, missing work fails with its reason, unmodelled and calibration rows as documented"

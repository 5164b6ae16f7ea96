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
# 4. rests_on: a pass is marked pass* with its rests on: line and counted in
# the headlines; a failing row is FAIL with its why: as before; a
# calibration row may not have one
{ base; printf '[expect.R]\nmetric = apps.ping.transmitted\nvalue = 2\nrests_on = a fitted factor: at 1.0 the row gives 1\n'
  printf '[expect.S]\nmetric = apps.ping.transmitted\nvalue = 5\nrests_on = an unsourced choice\nnote = sends 2, not 5\n'
  printf '[expect.U]\nmetric = apps.ping.received\nvalue = 2\n'
  printf '[pair.Q]\nmetric = apps.ping.transmitted\nbefore = app.ping.count=1\nafter = app.ping.count=3\nchange = up 3\nrests_on = a choice of counts\n'; } >"$T/rests.ini"
"$NICSIM" validate "$T/rests.ini" >"$T/o4" 2>&1; rc=$?
cat "$T/o4"
[ $rc = 1 ] || fail "validate exit $rc, expected 1 (row S fails)"
grep -qE '^R .* pass\*$' "$T/o4" || fail "row R (rests_on, passes) is not marked pass*"
grep -A1 -E '^R ' "$T/o4" | tail -1 | grep -qxE ' +rests on: a fitted factor: at 1.0 the row gives 1' || fail "row R lacks its rests on: line"
grep -qE '^S .* FAIL$' "$T/o4" || fail "row S (rests_on, fails) is not a plain FAIL"
grep -A1 -E '^S ' "$T/o4" | tail -1 | grep -qxE ' +why: sends 2, not 5' || fail "row S lacks its why: line"
grep -qF 'rests on: an unsourced choice' "$T/o4" && fail "a failing row printed its rests on: line"
grep -qE '^U .* pass$' "$T/o4" || fail "row U (no rests_on) is not a plain pass"
grep -qE '^Q .* pass\*$' "$T/o4" && grep -qE '^ +rests on: a choice of counts$' "$T/o4" || fail "pair Q is not marked pass* with its rests on:"
grep -qxF '2 of 3 published figures reproduced (0 more used for calibration); 1 of the 2 rests on a fitted factor or an unsourced choice' "$T/o4" ||
	fail "headline: $(grep 'published figures' "$T/o4")"
grep -qxF '1 of 1 published changes reproduced; 1 of the 1 rests on a fitted factor or an unsourced choice' "$T/o4" ||
	fail "pairs headline: $(tail -1 "$T/o4")"
{ base; printf '[expect.W]\nmetric = apps.ping.transmitted\nvalue = 2\nrole = calibration\nrests_on = a fitted factor\n'; } >"$T/restscal.ini"
"$NICSIM" validate "$T/restscal.ini" >"$T/o5" 2>&1; rc=$?
[ $rc = 2 ] && grep -qE 'restscal\.ini:[0-9]+: rests_on: \[expect\.W\] is a calibration row' "$T/o5" ||
	fail "rests_on on a calibration row: exit $rc: $(cat "$T/o5")"
# 5. or_when, a band's second branch: the row passes when its band or all of
# or_when's conditions hold, fails when neither does; a bad condition is
# refused with FILE:LINE
{ base; printf '[expect.O]\nmetric = apps.ping.transmitted\nmin = 5\nor_when = apps.ping.received>=2\n'
  printf '[expect.N]\nmetric = apps.ping.transmitted\nmin = 5\nor_when = apps.ping.received>=3\n'; } >"$T/or.ini"
"$NICSIM" validate "$T/or.ini" >"$T/o6" 2>&1
grep -qE '^O .*\[5, inf\] or apps\.ping\.received>=2 +pass$' "$T/o6" || fail "row O (or_when met) does not pass: $(cat "$T/o6")"
grep -qE '^N .* FAIL$' "$T/o6" || fail "row N (neither branch) does not fail: $(cat "$T/o6")"
{ base; printf '[expect.O]\nmetric = apps.ping.transmitted\nmin = 5\nor_when = apps.ping.received\n'; } >"$T/orbad.ini"
"$NICSIM" validate "$T/orbad.ini" >"$T/o7" 2>&1; rc=$?
[ $rc = 2 ] && grep -qE 'orbad\.ini:[0-9]+: or_when: ' "$T/o7" || fail "a bad or_when: exit $rc: $(cat "$T/o7")"
echo "ok: silence refused, missing work fails with its reason, unmodelled and calibration rows as documented, rests_on marks pass* and is counted, or_when is a second branch"

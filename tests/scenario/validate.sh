#!/usr/bin/env bash
# The shipped expectations: every row that nicsim reproduces must pass, and
# the rows it does not reproduce are listed as FAIL with their why: line;
# the same for the published changes ([pair.ID]), in their own table.
# This test fails the day a failing row starts passing (or the reverse), so
# that the lists below and docs/validation.md get updated together.
. "$(dirname "$0")/lib.inc"
NICSIM_SCENARIOS=$SRC/scenarios "$NICSIM" validate >"$T/out" 2>&1
cat "$T/out"
row() { grep -E "^$1 " "$T/out"; }
for id in B1 B4 B6 B8ping A3rx A8 A8rx A9 A9sy A9si A10 F19fix F13i F13c "F13r'"; do
	row "$id" | grep -qE ' pass( |$)' || fail "row $id does not pass (unmarked)"
done
# passes that rest on a fitted factor or an unsourced choice (rests_on):
# pass*, with a rests on: line under the row
for id in A3 A4; do
	row "$id" | grep -qE ' pass\*( |$)' || fail "row $id does not pass, or is not marked pass*"
	grep -A1 -E "^$id " "$T/out" | tail -1 | grep -qE '^ +rests on: .' || fail "row $id lacks its rests on: line"
done
grep -A1 -E '^A3 ' "$T/out" | grep -qF 'NET_RX factor' || fail "A3's rests on: does not name the NET_RX factor"
grep -A1 -E '^A4 ' "$T/out" | grep -qF '8 KiB sendfile() calls' || fail "A4's rests on: does not name nginx's call size"
for id in A2 B8 B6cpu C1 "C1'" C5a "C5a'" C5b "C5b'" C5c "C5c'" C5d C5e F19 F19wd F13r "F13i'" "F13c'"; do
	row "$id" | grep -qE ' FAIL( |$)' || fail "row $id changed: update this test and docs/validation.md"
done
# calibration rows are marked and left out of the headline's count; rows
# that run with their constants are marked dep
for id in A9 A9sy A9si A10 A8 B6cpu; do
	row "$id" | grep -qE ' cal$' || fail "row $id is not marked as calibration"
done
row A4 | grep -qE ' dep:A10$' || fail "A4 is not marked as depending on A10"
grep -qxE "14 of 31 published figures reproduced \(6 more used for calibration, 1 of them outside its band\); 1 of the 14 shares a calibration row's application \(dep\); 2 of the 14 rest on a fitted factor or an unsourced choice" "$T/out" ||
	fail "unexpected headline: $(tail -1 "$T/out")"
# the pairs: after every row, in their own table, with their own headline
row P8 | grep -qE ' pass$' || fail "pair P8 does not pass"
for id in P1 P2 P3 P4 B3; do
	row "$id" | grep -qE ' pass$' || fail "pair $id does not pass"
done
for id in P5 P6 P7; do
	row "$id" | grep -qE ' FAIL$' || fail "pair $id changed: update this test and docs/validation.md"
done
awk 'f && / (pass|FAIL)( |$)/ && $1 !~ /^(P[1-8]|B3)$/ { bad = 1 }
     /^published changes$/ { f = 1 } END { exit bad || !f }' "$T/out" ||
	fail "no published changes table, or a row after it"
grep -qxF "6 of 9 published changes reproduced" "$T/out" || fail "unexpected pairs headline: $(tail -1 "$T/out")"
# every failing row or pair is followed by its note, no passing row has one,
# and every pass* is followed by what it rests on
python3 - "$T/out" <<'PY' || fail "a failing row lacks its why: line, a passing row has one, or a pass* lacks its rests on:"
import re, sys
lines = open(sys.argv[1]).read().split('\n')
for i, l in enumerate(lines):
	nxt = lines[i + 1] if i + 1 < len(lines) else ''
	why = re.match(r'^ +why: .*docs/validation\.md', nxt) is not None
	if re.search(r' FAIL( |$)', l) and not why:
		print("no why:", l); sys.exit(1)
	if re.search(r' pass\*?( |$)', l) and nxt.lstrip().startswith('why:'):
		print("why: under a pass:", l); sys.exit(1)
	if bool(re.search(r' pass\*( |$)', l)) != bool(re.match(r'^ +rests on: ', nxt)):
		print("pass* without rests on:, or the reverse:", l); sys.exit(1)
PY
echo "ok: the listed rows pass (A3 and A4 marked pass*, with what they rest on) or fail with their why: line; P1-P4, P8 and B3 hold, P5-P7 fail"

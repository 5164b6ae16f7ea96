#!/usr/bin/env bash
# The shipped expectations: every row that nicsim reproduces must pass.
# A2, A3, B8 and B6cpu are not reproduced; docs/validation.md says why. They
# must still run and print a number, and this test fails the day one of
# them starts passing, so that the list below (and the docs) get updated.
. "$(dirname "$0")/lib.inc"
NICSIM_SCENARIOS=$SRC/scenarios "$NICSIM" validate >"$T/out" 2>&1
cat "$T/out"
for id in B1 B4 B6 B8ping A3rx A4 A8 A8rx A9 A10; do
	grep -qE "^$id +.* pass$" "$T/out" || fail "row $id does not pass"
done
for id in A2 A3 B8 B6cpu; do
	grep -qE "^$id +.* FAIL$" "$T/out" || fail "row $id changed: update this test and docs/validation.md"
done
grep -qE "^[0-9]+ passed, 4 failed$" "$T/out" || fail "unexpected number of failing rows"
# every failing row is followed by its note, and no passing row has one
python3 - "$T/out" <<'PY' || fail "a failing row lacks its why: line, or a passing row has one"
import re, sys
lines = open(sys.argv[1]).read().split('\n')
for i, l in enumerate(lines):
	nxt = lines[i + 1] if i + 1 < len(lines) else ''
	why = re.match(r'^ +why: .*docs/validation\.md', nxt) is not None
	if re.search(r' FAIL$', l) and not why:
		sys.exit(1)
	if re.search(r' pass$', l) and nxt.lstrip().startswith('why:'):
		sys.exit(1)
PY
echo "ok: 10 rows pass; A2, A3, B8, B6cpu fail as documented, each with its why: line"

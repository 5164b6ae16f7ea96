#!/usr/bin/env bash
# Every shipped expectation passes.
. "$(dirname "$0")/lib.inc"
NICSIM_SCENARIOS=$SRC/scenarios "$NICSIM" validate >"$T/out" 2>&1 || { cat "$T/out"; fail "validate"; }
grep -q "B1 .*pass" "$T/out" || fail "B1 row missing"
grep -q "B4 .*pass" "$T/out" || fail "B4 row missing"
tail -1 "$T/out"

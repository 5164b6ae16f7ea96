#!/usr/bin/env bash
# valgrind memcheck over every shipped scenario (each capped at 2 s of
# simulated time) and the other commands: zero errors, zero leaks
# (scripts/memcheck; make memcheck runs the same; MEMCHECK_DURATION=full for whole runs).
# The sanitizer build cannot run under valgrind: there it is left to ASan.
. "$(dirname "$0")/../scenario/lib.inc"
if ldd "$NICSIM" 2>/dev/null | grep -q libasan; then
	echo "ok: sanitizer build, memcheck runs in the plain build"
	exit 0
fi
"$SRC/scripts/memcheck" "$NICSIM" 2s >"$T/log" 2>&1 || fail "memcheck: $(grep -A20 ERRORS "$T/log" | head -40)"
echo "ok: $(grep -c 'clean' "$T/log") runs clean under valgrind memcheck"

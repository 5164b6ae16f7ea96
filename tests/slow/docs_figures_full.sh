#!/usr/bin/env bash
# Every figure the docs quote from a run, re-run in full (scripts/docfigs
# --check --full: some 3,900 runs, about 8 minutes on two cores). make
# check compares the blocks with their record and re-runs a sample
# (tests/scenario/docs_figures.sh); this is the whole comparison.
. "$(dirname "$0")/../scenario/lib.inc"
if ldd "$NICSIM" 2>/dev/null | grep -q libasan; then
	echo "ok: sanitizer build; the docs' figures are checked in the plain build"
	exit 0
fi
"$SRC/scripts/docfigs" --check --full --nicsim "$NICSIM" --src "$SRC" >"$T/diff" 2>"$T/err" ||
	{ head -80 "$T/diff"; cat "$T/err"; fail "docs figures are stale: make docs"; }
echo "ok: every generated block of README.md and docs/ matches this build, re-run in full"

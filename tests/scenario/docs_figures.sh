#!/usr/bin/env bash
# Every figure the docs quote from a run sits in a block scripts/docfigs
# generates; the blocks must be what this nicsim gives (and what the
# committed benchmark results in bench/ say). Here the cheap comparison:
# each block is the text recorded in docs/docfigs-record.json, the inputs are the
# recorded ones, and a seeded sample of the recorded runs (one per block at
# least) gives the recorded output; tests/slow/docs_figures_full.sh re-runs
# every one. A stale block fails: run make docs (scripts/docfigs --write).
. "$(dirname "$0")/lib.inc"
if ldd "$NICSIM" 2>/dev/null | grep -q libasan; then
	# the figures are the plain build's (same results, byte for byte);
	# under ASan the ~170 runs behind them would take most of make check
	echo "ok: sanitizer build; the docs' figures are checked in the plain build"
	exit 0
fi
"$SRC/scripts/docfigs" --check --nicsim "$NICSIM" --src "$SRC" >"$T/out" 2>"$T/err" ||
	{ cat "$T/out" "$T/err"; fail "docs figures are stale: make docs"; }
echo "ok: $(grep -o '[0-9]* blocks as recorded.*' "$T/out")"

# The checker itself, on a copy: a changed figure is found (exit 1: by the
# cheap check against the record, and with a diff by the full one),
# --write puts it back, a run whose output is not the recorded one is
# found, an unknown or missing block is refused.
C=$T/copy
mkdir -p "$C/src/profiles"
cp -r "$SRC/README.md" "$SRC/docs" "$SRC/scenarios" "$SRC/scripts" "$SRC/bench" \
	"$SRC/calibration" "$C/"
cp "$SRC/src/profiles/profile.c" "$C/src/profiles/"
python3 - "$C/docs/observations.md" <<'PY' || fail "no observation-rows block to alter"
import re, sys
p = sys.argv[1]
s = open(p).read()
t = re.sub(r"(<!-- docfig: observation-rows -->\n(?:.*\n)*?\| B1 \|[^\n]*\| )7 ± 1", r"\g<1>8 ± 1", s)
if t == s:
    sys.exit(1)
open(p, "w").write(t)
PY
"$C/scripts/docfigs" --check --nicsim "$NICSIM" --sample 1 >"$T/d1" 2>&1
[ $? = 1 ] && grep -q "block observation-rows is not the text recorded" "$T/d1" ||
	{ cat "$T/d1"; fail "the cheap --check passed a changed figure"; }
"$C/scripts/docfigs" --check --nicsim "$NICSIM" observation-rows >"$T/d2" 2>&1 &&
	fail "--check passed a changed figure"
grep -q '^-| B1 .*8 ± 1' "$T/d2" || { cat "$T/d2"; fail "--check printed no diff of the change"; }
"$C/scripts/docfigs" --write --nicsim "$NICSIM" observation-rows >/dev/null ||
	fail "--write failed"
cmp -s "$C/docs/observations.md" "$SRC/docs/observations.md" ||
	fail "--write did not restore the block"
sed -i 's/"digest": "[0-9a-f]*"/"digest": "0000000000000000"/' "$C/docs/docfigs-record.json"
"$C/scripts/docfigs" --check --nicsim "$NICSIM" --sample 2 >"$T/d4" 2>&1
[ $? = 1 ] && grep -q "gives another output than the one recorded" "$T/d4" ||
	{ cat "$T/d4"; fail "the cheap --check passed runs whose output is not the recorded one"; }
sed -i 's/docfig: observation-rows/docfig: observation-rowz/' "$C/docs/observations.md"
"$C/scripts/docfigs" --check --nicsim "$NICSIM" observation-rows >"$T/d3" 2>&1
[ $? = 2 ] && grep -q "unknown block observation-rowz; did you mean observation-rows" "$T/d3" ||
	{ cat "$T/d3"; fail "an unknown block is not refused with its closest name"; }
echo "ok: --check finds a changed figure and a changed run, --write restores the figure, unknown blocks are refused"

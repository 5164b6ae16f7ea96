#!/usr/bin/env bash
# docs/scenario.md carries the key table exactly as `nicsim keys --markdown`
# prints it, so the docs cannot drift from the registry. Meanings are
# whole there (none cut short).
. "$(dirname "$0")/lib.inc"
"$NICSIM" keys --markdown >"$T/keys.md" || fail "nicsim keys"
python3 - "$T/keys.md" "$SRC/docs/scenario.md" <<'PY' || fail "docs/scenario.md key table is stale: regenerate with nicsim keys --markdown"
import sys
k, d = open(sys.argv[1]).read(), open(sys.argv[2]).read()
sys.exit(0 if k in d else 1)
PY
grep -q "each must exceed the largest frame. Unset: equal weights, one frame per queue per round |" \
	"$SRC/docs/scenario.md" || fail "tx_wrr_weight's meaning cut short in docs/scenario.md"
echo "ok: docs/scenario.md matches the key registry"

#!/usr/bin/env bash
# docs/scenario.md carries the key table exactly as `nicsim keys --markdown`
# prints it, and each support table as `nicsim keys --support --markdown`
# prints it, so the docs cannot drift from the registry and the profiles'
# declarations. Meanings are whole there (none cut short).
. "$(dirname "$0")/lib.inc"
"$NICSIM" keys --markdown >"$T/keys.md" || fail "nicsim keys"
"$NICSIM" keys --support --markdown >"$T/support.md" || fail "nicsim keys --support"
python3 - "$SRC/docs/scenario.md" "$T/keys.md" "$T/support.md" <<'PY' ||
import sys
d = open(sys.argv[1]).read()
for f in sys.argv[2:]:
    for table in open(f).read().split("\n\n"):
        if table.strip() and table.strip() + "\n" not in d:
            print("missing from docs/scenario.md:\n" + table[:300])
            sys.exit(1)
PY
	fail "docs/scenario.md tables are stale: regenerate them with scripts/keys-tables NICSIM"
grep -q "as Marvell's HAL does). Unset: the arbitration tx_arbiter names |" \
	"$SRC/docs/scenario.md" || fail "tx_wrr_weight's meaning cut short in docs/scenario.md"
# every platform has a line in the Platforms table
for p in $("$NICSIM" keys platform | sed -n 's/.*cost profile: //p' | tr -d ','); do
	grep -q "^| \`$p\` | " "$SRC/docs/scenario.md" || fail "platform $p is not in docs/scenario.md's Platforms table"
done
echo "ok: docs/scenario.md matches the key registry, the support declarations and the platforms"

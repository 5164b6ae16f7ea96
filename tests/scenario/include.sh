#!/usr/bin/env bash
# --include FILE on run, validate and sweep: a fragment's [host.NAME.cost]
# keys act exactly as the same --set (byte-identical results); --set
# still wins over the fragment; a sweep records the fragment's content,
# so a changed fragment is another sweep (refused over the old DIR); a
# report's validation rows run under the fragment.
. "$(dirname "$0")/lib.inc"
scn=$SRC/scenarios/mvneta-2013-http.ini
common=(--set sim.duration=200ms --set app.http.mode=sendfile --set host.dut.tx_reclaim=rx-poll
	--set host.dut.ethtool.tx-frames=1)
printf '; fitted\n[host.dut.cost]\nsendpage = 21000\nirq = 1700\n' >"$T/f.ini"
"$NICSIM" run "$scn" -q "${common[@]}" --include "$T/f.ini" --json "$T/a.json" || fail "run --include"
"$NICSIM" run "$scn" -q "${common[@]}" --set host.dut.cost.sendpage=21000 \
	--set host.dut.cost.irq=1700 --json "$T/b.json" || fail "run --set"
cmp -s <(grep -v '"scenario"' "$T/a.json") <(grep -v '"scenario"' "$T/b.json") ||
	fail "run --include differs from the same --set"
"$NICSIM" run "$scn" -q "${common[@]}" --include "$T/f.ini" --set host.dut.cost.sendpage=15300 \
	--json "$T/c.json" || fail "run --include --set"
"$NICSIM" run "$scn" -q "${common[@]}" --set host.dut.cost.irq=1700 --set host.dut.cost.sendpage=15300 --json "$T/d.json" || fail "run"
cmp -s <(grep -v '"scenario"' "$T/c.json") <(grep -v '"scenario"' "$T/d.json") ||
	fail "--set does not win over --include"

# validate and run --report rerun every row of the scenario (10-s runs):
# minutes under ASan, so the sanitizer build stops after the sweep.
slow=1
ldd "$NICSIM" 2>/dev/null | grep -q libasan && slow=0

# validate: A10 (sendpage) moves with the fragment.
[ $slow = 1 ] && "$NICSIM" validate "$scn" >"$T/v0" 2>&1
[ $slow = 1 ] && "$NICSIM" validate "$scn" --include "$T/f.ini" >"$T/v1" 2>&1
[ $slow = 0 ] || [ "$(grep '^A10 ' "$T/v0")" != "$(grep '^A10 ' "$T/v1")" ] || fail "validate --include changed nothing"

# sweep: the fragment applies and belongs to the sweep's identity.
sw=(sweep "$scn" "${common[@]}" --axis host.dut.ethtool.tx-frames=1 --metric apps.http.goodput_mbps)
"$NICSIM" "${sw[@]}" --include "$T/f.ini" --out "$T/s" >/dev/null || fail "sweep --include"
g=$(jget "$T/a.json" "d['apps']['http']['goodput_mbps']")
grep -q ",$g\$" "$T/s/results.csv" || fail "sweep --include: $(cat "$T/s/results.csv"), not $g"
printf '[host.dut.cost]\nsendpage = 22000\n' >"$T/f.ini"
"$NICSIM" "${sw[@]}" --include "$T/f.ini" --out "$T/s" >/dev/null 2>"$T/err"
[ $? = 2 ] && grep -q "not the same --include file content" "$T/err" ||
	fail "a changed fragment resumed the old sweep: $(cat "$T/err")"

# run --report: the page's validation rows run under the fragment too.
[ $slow = 1 ] || { echo "ok (validate and --report parts skipped under ASan)"; exit 0; }
"$NICSIM" run "$scn" -q --set sim.duration=200ms --include "$T/f.ini" --report "$T/rep" ||
	fail "run --report --include"
grep -q "each row with its own overrides, under <code>--include $T/f.ini</code>" "$T/rep/index.html" ||
	fail "the report's validation does not say it ran under --include"
echo ok

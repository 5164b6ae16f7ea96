#!/usr/bin/env bash
# The BQL sysfs tunables (host.NAME.bql_limit_min / bql_limit_max /
# bql_hold_time) reach the DQL of every TX queue: on the 2015 scenario
# with mvneta-6.x (BQL), a tiny limit_max caps the limit and the ring
# occupancy; a large limit_min keeps the limit up and the queue almost
# never XOFF; a bad value is refused with FILE:LINE.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2015-txqueues.ini
base="--set sim.duration=2s --set host.dut.driver=mvneta-6.x"
busy="max(d['hosts']['dut']['nic']['txq'], key=lambda q: q['packets'])"
"$NICSIM" run "$f" $base --json "$T/def.json" >/dev/null || fail "default run"
"$NICSIM" run "$f" $base --set host.dut.bql_limit_max=3028 --json "$T/max.json" >/dev/null || fail "limit_max run"
"$NICSIM" run "$f" $base --set host.dut.bql_limit_min=400000 --json "$T/min.json" >/dev/null || fail "limit_min run"
d_ring=$(jget "$T/def.json" "$busy['ring_max_used']")
d_xoff=$(jget "$T/def.json" "$busy['bql']['xoffs']")
[ "$(jget "$T/def.json" "$busy['bql']['limit'] > 3028")" = True ] || fail "default limit already tiny"
[ "$(jget "$T/max.json" "$busy['bql']['limit'] <= 3028 and $busy['ring_max_used'] < $d_ring")" = True ] ||
	fail "limit_max 3028 did not cap the limit and the ring (default ring max $d_ring)"
[ "$(jget "$T/min.json" "$busy['bql']['limit'] >= 400000 and $busy['bql']['xoffs'] * 10 < $d_xoff")" = True ] ||
	fail "limit_min 400000 did not hold the limit up (default xoffs $d_xoff)"
printf '[host.dut]\nbql_limit_max = 2GiB\n' >"$T/bad.ini"
out=$("$NICSIM" run "$T/bad.ini" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "bad.ini:2: bql_limit_max" || fail "bad limit_max not refused: $out"
echo "ok: BQL tunables reach every queue's DQL"

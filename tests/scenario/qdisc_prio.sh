#!/usr/bin/env bash
# qdisc = prio: two TCP streams and a ping share a 100 Mbit/s link behind
# an ideal NIC whose driver holds 16 skbs, so a queue forms in the qdisc.
# A ping with IP_TOS 0x10 (rt_tos2priority: TC_PRIO_INTERACTIVE, band 0)
# leaves before the streams' band 1 and waits in the qdisc less than a
# third of what the same ping with TOS 0 (band 1, behind the streams)
# waits; --check holds; prio_bands = 2 with tc's default map is refused.
# A prio_priomap sending priority 6 to band 2 starves that ping behind
# the streams' band 1 instead; a map naming band 3 of 3 bands is refused at its line.
. "$(dirname "$0")/lib.inc"
cat >"$T/p.ini" <<'INI'
[sim]
duration = 3s
[link]
rate = 100Mbit
[host.dut]
driver = ideal
qdisc = prio
[host.dut.ethtool]
tx = 16
[host.peer]
driver = ideal
[app.bulk1]
type = stream
host = dut
dest = peer
[app.bulk2]
type = stream
host = dut
dest = peer
[app.ping]
type = ping
host = dut
dest = peer
interval = 100ms
INI
"$NICSIM" run "$T/p.ini" --check --quiet --json "$T/0.json" || fail "TOS 0 run"
"$NICSIM" run "$T/p.ini" --check --quiet --set app.ping.tos=16 --json "$T/16.json" || fail "TOS 0x10 run"
qd="d['hosts']['dut']['nic']['txq'][0]['qdisc']"
[ "$(jget "$T/0.json" "$qd['kind'] == 'prio' and $qd['bands'] == 3 and $qd['max_qlen'] > 1")" = True ] ||
	fail "prio: $(jget "$T/0.json" "$qd")"
q0=$(jget "$T/0.json" "d['apps']['ping']['rtt_split_avg_us']['qdisc']")
[ "$(jget "$T/16.json" "d['apps']['ping']['rtt_split_avg_us']['qdisc'] < $q0 / 3")" = True ] ||
	fail "band 0 ping waits $(jget "$T/16.json" "d['apps']['ping']['rtt_split_avg_us']['qdisc']") us in the qdisc, band 1 $q0 us"
printf '[host.dut]\nqdisc = prio\nprio_bands = 2\n[host.peer]\n' >"$T/bad.ini"
out=$("$NICSIM" run "$T/bad.ini" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "bad.ini:2: prio: RTNETLINK answers: Invalid argument" || fail "bands 2: $out"
printf '[host.dut]\nqdisc = fq\nprio_bands = 4\n[host.peer]\n' >"$T/bad2.ini"
out=$("$NICSIM" run "$T/bad2.ini" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "bad2.ini:3: prio_bands takes effect only with qdisc = prio (this host has fq)" ||
	fail "prio_bands without prio: $out"
# prio_priomap: tc's map with priority 6 (the TOS 0x10 ping) sent to band 2,
# behind the streams' band 1, which is never empty: strict priority starves
# it, every request not answered is still in band 2 at the end
"$NICSIM" run "$T/p.ini" --check --quiet --set app.ping.tos=16 \
	--set "host.dut.prio_priomap=1 2 2 2 1 2 2 0 1 1 1 1 1 1 1 1" --json "$T/map.json" || fail "priomap run"
p="d['apps']['ping']"
[ "$(jget "$T/map.json" "$qd['band2_backlog_packets'] == $p['transmitted'] - $p['received'] > $p['received']")" = True ] ||
	fail "priority 6 in band 2: $(jget "$T/map.json" "$qd"), ping $(jget "$T/map.json" "$p['transmitted'], $p['received']")"
[ "$(jget "$T/16.json" "$qd['band2_backlog_packets']")" = 0 ] || fail "tc's map puts priority 6 in band 2"
printf '[host.dut]\nqdisc = prio\nprio_priomap = 1 2 2 2 1 2 0 0 1 1 1 1 1 1 1 3\n[host.peer]\n' >"$T/bad3.ini"
out=$("$NICSIM" run "$T/bad3.ini" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "bad3.ini:3: prio_priomap: priority 15 goes to band 3, but prio_bands = 3 has bands 0 to 2" ||
	fail "priomap band 3 of 3: $out"
echo "ok: prio sends band 0 first; prio_priomap moves a priority to another band"

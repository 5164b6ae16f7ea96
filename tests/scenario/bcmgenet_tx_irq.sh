#!/usr/bin/env bash
# bcmgenet before and after "net: bcmgenet: fix throughtput regression"
# (scenarios/bcmgenet-2015-ping.ini, ping on queue 1 = priority ring 0):
#  - bcmgenet-3.18: the ring's TX-done interrupt stays masked until the
#    ring stops, which 13 echo requests never make it do: 13 sent, none
#    reclaimed, ENOBUFS from icmp_seq 14 on (18 failures: ping retries each second to the end); on queue 0 (ring 16)
#    every RX poll reclaims, no failure.
#  - bcmgenet-4.4 (the fix, TX NAPI per ring) and bcmgenet-6.x (BQL, on
#    the Raspberry Pi 4 profile): one TX interrupt per ping, every one
#    reclaimed, no failure; 6.x's BQL has nothing in flight at the end.
# Then one short run per app type (ping, udp, stream, http) per era, all
# under --check (the driver's and the TDMA's ring indices agree).
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/bcmgenet-2015-ping.ini
q="d['hosts']['stb']['nic']['txq'][1]"
p="d['apps']['ping']"
"$NICSIM" run "$f" --check --json "$T/a.json" >/dev/null || fail "run 3.18"
[ "$(jget "$T/a.json" "$p['transmitted'] == 13 and $p['first_error_seq'] == 14 and \
$p['enobufs'] == 18 and $q['packets'] == 13 and $q['reclaimed'] == 0 and \
d['hosts']['stb']['nic']['irqs_tx_done'] == 0")" = True ] ||
	fail "3.18 queue 1: $(jget "$T/a.json" "$p['transmitted'], $p['enobufs'], $q")"
"$NICSIM" run "$f" --check --set app.ping.hash_pick=0 --json "$T/b.json" >/dev/null || fail "run 3.18 q0"
[ "$(jget "$T/b.json" "$p['enobufs'] == 0 and $p['received'] == 30 and \
d['hosts']['stb']['nic']['txq'][0]['reclaimed'] == 30")" = True ] ||
	fail "3.18 queue 0: $(jget "$T/b.json" "$p['enobufs'], d['hosts']['stb']['nic']['txq'][0]")"
"$NICSIM" run "$f" --check --set host.stb.driver=bcmgenet-4.4 --set host.stb.kernel=4.4 \
	--json "$T/c.json" >/dev/null || fail "run 4.4"
[ "$(jget "$T/c.json" "$p['enobufs'] == 0 and $p['received'] == 30 and $q['reclaimed'] == 30 and \
d['hosts']['stb']['nic']['irqs_tx_done'] == 30")" = True ] ||
	fail "4.4: $(jget "$T/c.json" "$p['enobufs'], $q")"
"$NICSIM" run "$f" --check --set host.stb.driver=bcmgenet-6.x --set host.stb.kernel=6.x \
	--set host.stb.platform=bcm2711 --json "$T/d.json" >/dev/null || fail "run 6.x"
[ "$(jget "$T/d.json" "$p['enobufs'] == 0 and $p['received'] == 30 and $q['reclaimed'] == 30 and \
$q['bql']['inflight'] == 0")" = True ] || fail "6.x: $(jget "$T/d.json" "$p['enobufs'], $q")"
# smoke: every app type on every era, under --check
for era in "bcmgenet-3.18 3.13 cortex-a9" "bcmgenet-4.4 4.4 cortex-a9" "bcmgenet-6.x 6.x bcm2711"; do
	set -- $era
	for app in "ping --set app.a.interval=10ms" "udp --set app.a.interval=0s --set app.a.size=1400" \
		"stream" "http"; do
		a=(${app})
		"$NICSIM" run "$f" --check -q --set sim.duration=300ms --set host.stb.driver=$1 \
			--set host.stb.kernel=$2 --set host.stb.platform=$3 --set app.ping.count=1 \
			--set app.a.type=${a[0]} --set app.a.host=stb --set app.a.dest=pc \
			"${a[@]:1}" --json "$T/s.json" ||
			fail "$1 ${a[0]} under --check"
		[ "$(jget "$T/s.json" "d['hosts']['stb']['nic']['tx_timeouts'] == 0 and \
sum(x['packets'] for x in d['hosts']['stb']['nic']['txq']) > 10")" = True ] ||
			fail "$1 ${a[0]}: $(jget "$T/s.json" "d['hosts']['stb']['nic']")"
	done
done
echo "ok: bcmgenet-3.18 strands a priority ring's skbs (ping ENOBUFS), 4.4 and 6.x reclaim; every app runs under --check"

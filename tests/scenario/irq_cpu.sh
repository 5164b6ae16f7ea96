#!/usr/bin/env bash
# host.NAME.irq_cpu moves the ideal NIC's interrupt, and with it the NAPI
# poll (napi_schedule on the interrupted CPU), to another CPU: on the 2015
# scenario the peer's hardirq and NET_RX work leave CPU 0 for CPU 2 while
# the receiving process stays on CPU 0. mvneta and a CPU the host lacks
# are refused at FILE:LINE.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2015-txqueues.ini
"$NICSIM" run "$f" --set sim.duration=2s --set host.peer.irq_cpu=2 --json "$T/a.json" >/dev/null || fail "run"
c="d['hosts']['peer']['cpus']"
[ "$(jget "$T/a.json" "$c[2]['softirqs']['NET_RX'] > 0 and $c[2]['busy_pct']['hi'] > 0 and $c[0]['softirqs']['NET_RX'] == 0 and $c[0]['busy_pct']['hi'] == 0 and $c[0]['busy_pct']['sy'] > 0")" = True ] ||
	fail "peer interrupt work not on CPU 2: $(jget "$T/a.json" "[(x['cpu'], x['busy_pct']) for x in $c]")"
printf '[host.dut]\nplatform = armada-xp\nkernel = 4.4\ndriver = mvneta-4.4\nirq_cpu = 1\n[host.peer]\nplatform = x86-64\n' >"$T/m.ini"
out=$("$NICSIM" run "$T/m.ini" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "m.ini:5: driver 'mvneta-4.4' does not support irq_cpu" || fail "mvneta irq_cpu not refused: $out"
printf '[host.dut]\nplatform = armada-370\nkernel = 4.4\nirq_cpu = 1\n[host.peer]\nplatform = x86-64\n' >"$T/c.ini"
out=$("$NICSIM" run "$T/c.ini" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "c.ini:4: irq_cpu 1, but dut has 1 CPU(s)" || fail "missing CPU not refused: $out"
echo "ok: irq_cpu moves the ideal NIC's interrupt and NAPI"

#!/usr/bin/env bash
# mvneta's rxq_def module parameter: the default RX queue, and with
# mvneta-4.4's per-CPU interrupts the elected CPU (rxq_def % CPUs,
# mvneta_percpu_elect): on the 4-core 2015 scenario rxq_def 2 moves every
# interrupt and all softirq work from CPU 0 to CPU 2. Bad values are
# refused at FILE:LINE.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2015-txqueues.ini
"$NICSIM" run "$f" --set sim.duration=2s --set host.dut.rxq_def=2 --json "$T/a.json" >/dev/null || fail "run"
i="d['hosts']['dut']['irqs']"
c="d['hosts']['dut']['cpus']"
[ "$(jget "$T/a.json" "$i['mvneta/cpu2'] > 0 and $i['mvneta/cpu0'] == 0 and $c[2]['busy_pct']['si'] > 0 and $c[0]['busy_pct']['si'] == 0")" = True ] ||
	fail "rxq_def 2: interrupts $(jget "$T/a.json" "$i")"
printf '[host.dut]\nplatform = armada-xp\nkernel = 4.4\ndriver = mvneta-4.4\nrxq_number = 2\nrxq_def = 3\n[host.peer]\nplatform = x86-64\n' >"$T/q.ini"
out=$("$NICSIM" run "$T/q.ini" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "q.ini:6: rxq_def 3, but the port has 2 RX queue(s)" || fail "rxq_def beyond rxq_number not refused: $out"
printf '[host.dut]\nrxq_def = 1\ndriver = ideal\n[host.peer]\ndriver = ideal\n' >"$T/i.ini"
out=$("$NICSIM" run "$T/i.ini" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "i.ini:2: driver 'ideal' does not support module parameter rxq_def" || fail "ideal rxq_def not refused: $out"
echo "ok: rxq_def elects the CPU and picks the RX queue"

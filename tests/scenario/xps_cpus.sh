#!/usr/bin/env bash
# host.NAME.xps_cpus steers each CPU's packets to the TX queues whose mask
# names it (get_xps_queue): on the 2015 scenario iperf runs on CPU 1 and
# ping on CPU 2, so "2 4" puts iperf in queue 0 and ping in queue 1, and
# "6" (CPUs 1 and 2 on queue 0 only) puts both in queue 0. Masks naming a
# missing CPU or queue are refused with FILE:LINE.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2015-txqueues.ini
base="--set sim.duration=2100ms"	# no ping due at the very end
used="sorted((q['queue'], q['packets']) for q in d['hosts']['dut']['nic']['txq'] if q['packets'])"
"$NICSIM" run "$f" $base --set host.dut.xps_cpus=2,4 --json "$T/a.json" >/dev/null || fail "run 2,4"
[ "$(jget "$T/a.json" "[q for q, n in $used] == [0, 1] and $used[1][1] == d['apps']['ping']['transmitted']")" = True ] ||
	fail "xps 2,4: queues used $(jget "$T/a.json" "$used")"
"$NICSIM" run "$f" $base --set host.dut.xps_cpus=6 --json "$T/b.json" >/dev/null || fail "run 6"
[ "$(jget "$T/b.json" "[q for q, n in $used] == [0]")" = True ] ||
	fail "xps 6: queues used $(jget "$T/b.json" "$used")"
printf '[host.dut]\nplatform = armada-xp\nkernel = 4.4\ndriver = mvneta-4.4\ntxq_number = 2\nxps_cpus = 1 2 4\n[host.peer]\nplatform = x86-64\n' >"$T/q.ini"
out=$("$NICSIM" run "$T/q.ini" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "q.ini:6: xps_cpus: a mask for TX queue 2, but dut has 2 TX queue(s)" ||
	fail "third mask on two queues not refused: $out"
printf '[host.dut]\nplatform = armada-370\nkernel = 4.4\ndriver = mvneta-4.4\nxps_cpus = 3\n[host.peer]\nplatform = x86-64\n' >"$T/c.ini"
out=$("$NICSIM" run "$T/c.ini" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "c.ini:5: xps_cpus: mask 0x3 for TX queue 0 names a CPU dut lacks (1 CPU(s))" ||
	fail "CPU 1 on a one-core host not refused: $out"
echo "ok: xps_cpus steers queues and refuses impossible maps"

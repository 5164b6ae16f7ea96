#!/usr/bin/env bash
# stmmac with two TX queues (txq_number 2, snps,tx-queues-to-use; XPS puts
# CPU 0's sends on queue 0 and CPU 1's on queue 1), BQL off:
#  - a sparse sender on queue 0 (1472-byte datagrams every 50 ms, SO_SNDBUF
#    8 KiB: 3 datagrams) and a steady one on queue 1 (56 bytes every 20 ms,
#    under the 40 ms timer). In stmmac-4.14 the one coalesce timer is
#    pushed back by queue 1's xmits and the one frame count (tx-frames 64)
#    fills at both senders' pace, so queue 0's datagrams are reclaimed only
#    when the count sets IC: the sparse sender blocks on its socket and
#    sends far fewer than its 40. Without queue 1's sender it never blocks;
#    with 4.19's, 6.x's and 7.2's per-queue timers it never blocks either.
#    explain names 4.14's defect and proposes stmmac-4.19, verified.
#  - every multi-queue era runs ping, udp, stream and http on queue 0 with a
#    UDP sender on queue 1, under --check (each channel's ring agrees with
#    the driver's after every event).
. "$(dirname "$0")/lib.inc"
cat > "$T/q.ini" <<'INI'
[sim]
duration = 2s
[link]
rate = 100Mbit
[host.board]
platform = cortex-a9
kernel = 3.13
driver = stmmac-4.14
txq_number = 2
xps_cpus = 1 2
bql = off
[host.peer]
platform = x86-64
kernel = 3.13
driver = ideal
[app.a]
type = udp
host = board
dest = peer
size = 1472
interval = 50ms
sndbuf = 8KiB
cpu = 0
[app.b]
type = udp
host = board
dest = peer
size = 56
interval = 20ms
cpu = 1
INI
a="d['apps']['a']"
n="d['hosts']['board']['nic']"
run() { "$NICSIM" run "$T/q.ini" --check --quiet --json "$T/$1.json" "${@:2}" || fail "run $1"; }
run shared
[ "$(jget "$T/shared.json" "$n['txq'][0]['packets'] >= 1 and $n['txq'][1]['packets'] >= 1 and \
$a['blocked'] >= 2 and $a['sent'] <= 25")" = True ] || fail "4.14 two senders: $(jget "$T/shared.json" "$a, $n")"
run alone --set app.b.start=1990ms
[ "$(jget "$T/alone.json" "$a['blocked'] == 0 and $a['sent'] == 40")" = True ] ||
	fail "4.14 queue 0 alone: $(jget "$T/alone.json" "$a, $n")"
# explain names 4.14's defect and proposes 4.19, verified by its re-run
"$NICSIM" explain "$T/q.ini" >"$T/explain.txt" 2>&1 || fail "explain"
grep -qE "remedy \(verified: 40 datagrams sent, was [0-9]+\): driver stmmac-4.19, with 8fce33317023" \
	"$T/explain.txt" || fail "explain: $(cat "$T/explain.txt")"
for d in stmmac-4.19 stmmac-6.x stmmac-7.2; do
	run "$d" --set host.board.driver=$d
	[ "$(jget "$T/$d.json" "$a['blocked'] == 0 and $a['sent'] == 40 and \
$n['txq'][1]['packets'] >= 99")" = True ] || fail "$d two senders: $(jget "$T/$d.json" "$a, $n")"
done
sed -e '/^sndbuf/d' -e '/^interval = 50ms/d' -e '/^size = 1472/d' -e 's/^interval = 20ms/interval = 1ms/' "$T/q.ini" > "$T/s.ini"
q="d['hosts']['board']['nic']['txq']"
for d in stmmac-4.14 stmmac-4.19 stmmac-6.x stmmac-7.2; do
	for t in ping udp stream http; do
		"$NICSIM" run "$T/s.ini" --check --quiet --json "$T/s.json" \
			--set host.board.driver=$d --set sim.duration=500ms --set app.a.type=$t \
			$(case $t in udp) echo --set app.a.interval=1ms --set app.a.size=1472 ;;
			ping) echo --set app.a.interval=20ms ;;
			esac) || fail "run $d $t"
		case $t in
		ping) ok="$a['received'] >= $a['transmitted'] - 1 >= 20" ;;
		udp) ok="$a['received'] >= $a['sent'] - 2 >= 300" ;;
		*) ok="$a['goodput_mbps'] > 10" ;;
		esac
		[ "$(jget "$T/s.json" "$ok and $q[0]['reclaimed'] > 0 and $q[1]['reclaimed'] > 0")" = True ] ||
			fail "$d $t: $(jget "$T/s.json" "$a, $q")"
	done
done
echo "ok: 4.14's one coalesce timer and frame count make a sparse sender on queue 0 wait for a steady one on queue 1; 4.19, 6.x and 7.2 do not; every multi-queue era runs ping, udp, stream, http with two queues under --check"

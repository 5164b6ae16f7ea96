#!/usr/bin/env bash
# igb-6.x runs the shipped workloads -- ping, udp, stream, http -- under
# --check (the driver's ring indices and the device's fetch, write-back
# and tail agree after every event), from an x86-64 host (an I210 with
# its default queues: min(CPUs, 4), paired on MSI-X vectors) to an ideal
# peer at 1 Gbit/s, and each gets its traffic through: pings answered,
# datagrams received, bytes delivered, TX descriptors reclaimed on the
# queue the kernel picked, and a TX interrupt taken.
. "$(dirname "$0")/lib.inc"
cat > "$T/s.ini" <<'INI'
[sim]
duration = 1s
[link]
rate = 1Gbit
[host.pc]
platform = x86-64
kernel = 6.x
driver = igb-6.x
[host.peer]
platform = x86-64
kernel = 6.x
driver = ideal
[app.a]
type = ping
host = pc
dest = peer
INI
a="d['apps']['a']"
n="d['hosts']['pc']['nic']"
for t in ping udp stream http; do
	extra=()
	case $t in
	udp) extra=(--set app.a.size=1472 --set app.a.interval=1ms) ;;
	ping) extra=(--set app.a.interval=20ms) ;;
	esac
	"$NICSIM" run "$T/s.ini" --check --quiet --json "$T/r.json" \
		--set app.a.type=$t "${extra[@]}" || fail "$t"
	case $t in
	ping) ok="$a['received'] >= $a['transmitted'] - 1 >= 40" ;;
	udp) ok="$a['received'] >= $a['sent'] - 2 >= 900" ;;
	*) ok="$a['goodput_mbps'] > 500" ;;
	esac
	[ "$(jget "$T/r.json" "$ok and sum(q['reclaimed'] for q in $n['txq']) > 0 and \
$n['irqs_tx_done'] > 0 and len($n['txq']) >= 1")" = True ] ||
		fail "$t: $(jget "$T/r.json" "{k: v for k, v in $a.items() if k in ('transmitted', 'received', 'sent', 'goodput_mbps')}, {k: v for k, v in $n.items() if k != 'txq'}")"
done
echo "ok: ping, udp, stream and http on igb-6.x, under --check"

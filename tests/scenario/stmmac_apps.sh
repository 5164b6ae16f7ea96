#!/usr/bin/env bash
# Every stmmac era runs the shipped workloads -- ping, udp, stream, http --
# under --check (the driver's and the device's rings agree after every
# event), and each gets its traffic through: pings answered, datagrams
# received, bytes delivered, TX descriptors reclaimed.
. "$(dirname "$0")/lib.inc"
cat > "$T/s.ini" <<'INI'
[sim]
duration = 500ms
[link]
rate = 100Mbit
[host.board]
platform = cortex-a9
kernel = 3.13
driver = stmmac-4.0
[host.peer]
platform = x86-64
kernel = 3.13
driver = ideal
[app.a]
type = ping
host = board
dest = peer
INI
a="d['apps']['a']"
q="d['hosts']['board']['nic']['txq'][0]"
for d in stmmac-3.18 stmmac-4.0 stmmac-4.14 stmmac-4.19 stmmac-6.x stmmac-7.2; do
	for t in ping udp stream http; do
		"$NICSIM" run "$T/s.ini" --check --quiet --json "$T/r.json" \
			--set host.board.driver=$d --set app.a.type=$t \
			$(case $t in udp) echo --set app.a.size=1472 --set app.a.interval=1ms ;;
			ping) echo --set app.a.interval=20ms ;; esac) ||
			fail "$d $t"
		case $t in
		ping) ok="$a['received'] >= $a['transmitted'] - 1 >= 20" ;;	# the last may be in flight
		udp) ok="$a['received'] >= $a['sent'] - 2 >= 300" ;;
		*) ok="$a['goodput_mbps'] > 10" ;;
		esac
		[ "$(jget "$T/r.json" "$ok and $q['reclaimed'] > 0")" = True ] ||
			fail "$d $t: $(jget "$T/r.json" "{k: v for k, v in $a.items() if k in ('transmitted', 'received', 'sent', 'goodput_mbps')}, $q")"
	done
done
echo "ok: ping, udp, stream and http on every stmmac era, under --check"

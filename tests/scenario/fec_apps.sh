#!/usr/bin/env bash
# Both fec eras run the shipped workloads -- ping, udp, stream, http --
# under --check (the driver's and the device's rings agree after every
# event), on a cortex-a53 host (the i.MX8MQ's ENET) sending to an ideal
# peer, and each gets its traffic through: pings answered, datagrams
# received, bytes delivered, TX descriptors reclaimed.
. "$(dirname "$0")/lib.inc"
cat > "$T/s.ini" <<'INI'
[sim]
duration = 1s
[link]
rate = 1Gbit
[host.imx]
platform = cortex-a53
kernel = 6.x
driver = fec-6.x
[host.peer]
platform = x86-64
kernel = 6.x
driver = ideal
[app.a]
type = ping
host = imx
dest = peer
INI
a="d['apps']['a']"
q="d['hosts']['imx']['nic']['txq'][0]"
for d in fec-3.17 fec-6.x; do
	for t in ping udp stream http; do
		extra=()
		case $t in
		udp) extra=(--set app.a.size=1472 --set app.a.interval=1ms) ;;
		ping) extra=(--set app.a.interval=20ms) ;;
		esac
		"$NICSIM" run "$T/s.ini" --check --quiet --json "$T/r.json" \
			--set host.imx.driver=$d --set app.a.type=$t "${extra[@]}" || fail "$d $t"
		case $t in
		ping) ok="$a['received'] >= $a['transmitted'] - 1 >= 20" ;;	# the last may be in flight
		udp) ok="$a['received'] >= $a['sent'] - 2 >= 300" ;;
		*) ok="$a['goodput_mbps'] > 10" ;;
		esac
		[ "$(jget "$T/r.json" "$ok and $q['reclaimed'] > 0")" = True ] ||
			fail "$d $t: $(jget "$T/r.json" "{k: v for k, v in $a.items() if k in ('transmitted', 'received', 'sent', 'goodput_mbps')}, $q")"
	done
done
echo "ok: ping, udp, stream and http on both fec eras, under --check"

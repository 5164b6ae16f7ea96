#!/usr/bin/env bash
# Both ftgmac100 eras run the shipped workloads -- ping, udp, stream, http
# -- under --check (the driver's and the device's rings agree after every
# event), and each gets its traffic through: pings answered, datagrams
# received, bytes delivered, TX descriptors reclaimed. Every workload here
# has the BMC receive (echo replies, ACKs), so even ftgmac100-6.6, which
# reclaims TX only from the poll an RX interrupt starts, keeps going.
. "$(dirname "$0")/lib.inc"
cat > "$T/s.ini" <<'INI'
[sim]
duration = 1s
[link]
rate = 1Gbit
[host.bmc]
platform = ast2600
kernel = 6.x
driver = ftgmac100-6.6
[host.peer]
platform = x86-64
kernel = 6.x
driver = ideal
[app.a]
type = ping
host = bmc
dest = peer
INI
a="d['apps']['a']"
q="d['hosts']['bmc']['nic']['txq'][0]"
for d in ftgmac100-6.6 ftgmac100-6.11; do
	for t in ping udp stream http; do
		extra=()
		case $t in
		udp) extra=(--set app.a.size=1472 --set app.a.interval=1ms) ;;
		ping) extra=(--set app.a.interval=20ms) ;;
		esac
		[ $t = udp ] && [ $d = ftgmac100-6.6 ] && continue	# a host that only sends: ftgmac100_tx_stall.sh
		"$NICSIM" run "$T/s.ini" --check --quiet --json "$T/r.json" \
			--set host.bmc.driver=$d --set app.a.type=$t "${extra[@]}" || fail "$d $t"
		case $t in
		ping) ok="$a['received'] >= $a['transmitted'] - 1 >= 20" ;;	# the last may be in flight
		udp) ok="$a['received'] >= $a['sent'] - 2 >= 300" ;;
		*) ok="$a['goodput_mbps'] > 10" ;;
		esac
		[ "$(jget "$T/r.json" "$ok and $q['reclaimed'] > 0")" = True ] ||
			fail "$d $t: $(jget "$T/r.json" "{k: v for k, v in $a.items() if k in ('transmitted', 'received', 'sent', 'goodput_mbps')}, $q")"
	done
done
echo "ok: ping, udp, stream and http on both ftgmac100 eras, under --check"

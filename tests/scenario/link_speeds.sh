#!/usr/bin/env bash
# A MAC links only at the speeds it has (phylink's mac_capabilities, or
# the speeds the driver's adjust_link programs): a link at another rate
# is refused with the driver's speeds, exit 2, at the driver's line;
# mvneta-6.x takes 2500 Mbit/s (MAC_2500FD), its older eras do not; the
# smsc95xx-like usbnet links at 10 or 100 only; ideal takes any rate.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2014-ping.ini
short=(--set sim.duration=10ms --set host.dut.ethtool.tx-frames=1)
refused() { # refused WHAT FILE ARGS...: exit 2 and WHAT in the message
	local what=$1 file=$2; shift 2
	"$NICSIM" run "$file" -q --set sim.duration=10ms "$@" >"$T/out" 2>&1; rc=$?
	[ $rc = 2 ] || fail "exit $rc for $*: $(cat "$T/out")"
	grep -qF "$what" "$T/out" || fail "no '$what' for $*: $(cat "$T/out")"
}
refused "mvneta-2014-ping.ini:25: mvneta-3.13: the MAC links at 10, 100 or 1000 Mbit/s; the link's rate 2500000000 bit/s is none of them" \
	"$f" --set link.rate=2500Mbit
refused "fec-6.x: the MAC links at 10, 100 or 1000 Mbit/s" "$f" "${short[@]}" \
	--set host.dut.driver=fec-6.x --set link.rate=10Gbit
refused "stmmac-3.18: the MAC links at 10, 100 or 1000 Mbit/s" "$f" "${short[@]}" \
	--set host.dut.driver=stmmac-3.18 --set link.rate=10Gbit
refused "usbnet-2025-bql.ini:$(grep -n "^driver = usbnet" "$SRC/scenarios/usbnet-2025-bql.ini" | head -1 | cut -d: -f1): usbnet-6.18: the MAC links at 10 or 100 Mbit/s" "$SRC/scenarios/usbnet-2025-bql.ini" \
	--set link.rate=1Gbit
"$NICSIM" run "$f" -q "${short[@]}" --set host.dut.driver=mvneta-6.x --set link.rate=2500Mbit ||
	fail "mvneta-6.x at 2500 Mbit/s refused"
"$NICSIM" run "$f" -q "${short[@]}" --set link.rate=10Mbit || fail "mvneta-3.13 at 10 Mbit/s refused"
echo "ok: link rates outside a MAC's speeds refused; mvneta-6.x takes 2.5 Gbit/s"

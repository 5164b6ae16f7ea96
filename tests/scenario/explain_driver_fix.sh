#!/usr/bin/env bash
# nicsim explain names a driver era's known TX defect and proposes the era
# that fixed it (struct nic_info: defect, fixed_by, fix), printed only when
# a re-run with it removes the symptom: ftgmac100-6.6 reclaims TX only
# after an RX interrupt, so a BMC that only sends blocks on its socket (the
# F19 scenario, cut short) or, with a larger send buffer, stops its queue
# until the TX watchdog resets the MAC. ftgmac100-6.11 has no such defect,
# so nothing is proposed there.
. "$(dirname "$0")/lib.inc"
S="$SRC/scenarios/ftgmac100-2024-bmc.ini"
"$NICSIM" explain "$S" --set sim.duration=2s >"$T/blocked.txt" 2>&1 || fail "explain (blocked)"
grep -q "cause: the sender waited on its send buffer for most of the run" "$T/blocked.txt" ||
	fail "no send-buffer cause: $(cat "$T/blocked.txt")"
grep -q "known defect of ftgmac100-6.6: TX descriptors are reclaimed only" "$T/blocked.txt" ||
	fail "the defect is not named"
grep -qE "remedy \(verified: [0-9]+ datagrams sent, was [0-9]+\): driver ftgmac100-6.11, with fef2843bb49f" \
	"$T/blocked.txt" || fail "the fixing era is not proposed: $(cat "$T/blocked.txt")"

"$NICSIM" explain "$S" --set sim.duration=12s --set app.iperf.sndbuf=1MiB >"$T/wd.txt" 2>&1 ||
	fail "explain (watchdog)"
grep -qE "host bmc: the TX watchdog fired [0-9]+ times" "$T/wd.txt" || fail "no watchdog: $(cat "$T/wd.txt")"
grep -qE "remedy \(verified: 0 TX watchdog timeouts, was [0-9]+\): driver ftgmac100-6.11" "$T/wd.txt" ||
	fail "the fixing era is not proposed for the watchdog: $(cat "$T/wd.txt")"

"$NICSIM" explain "$S" --set sim.duration=2s --set host.bmc.driver=ftgmac100-6.11 >"$T/fixed.txt" 2>&1 ||
	fail "explain (fixed era)"
grep -q "known defect\|driver ftgmac100-6.11, with" "$T/fixed.txt" && fail "a defect named on the fixed era"
echo "ok: explain names ftgmac100-6.6's defect and the era that fixes it, and nothing on 6.11"

# Every family with a known defect of its era: explain recognises the
# pathology in the family's own scenario and proposes the era that fixed
# it, verified by a re-run.
fam() {	# NAME SCENARIO REGEX [--set ...]
	local name=$1 scn=$2 re=$3
	shift 3
	"$NICSIM" explain "$SRC/scenarios/$scn" "$@" >"$T/$name.txt" 2>&1 || fail "explain $name"
	grep -qE "$re" "$T/$name.txt" || fail "$name: no '$re': $(grep -E 'remedy|tried|tested' "$T/$name.txt")"
}
fam stmmac stmmac-2015-bql.ini \
	"remedy \(verified: mean round trip [0-9.]+ ms, was [0-9.]+; 20 of 20 answered\): driver stmmac-4.0, with 3897957494d9" \
	--set sim.duration=3s --set host.board.driver=stmmac-3.18
fam bcmgenet bcmgenet-2015-ping.ini \
	"remedy \(verified: 0 ENOBUFS, [0-9]+ of [0-9]+ answered\): driver bcmgenet-4.4"
fam tsnep tsnep-2022-throttle.ini \
	"remedy \(verified: busiest CPU busy [0-9.]+ %, was 100.0\): driver tsnep-6.2, with d3dfe8d6c040" \
	--set sim.duration=1s
fam virtio_net virtio_net-vm-bulk-ping.ini \
	"remedy \(verified: mean round trip [0-9.]+ ms, was [0-9.]+; [0-9]+ of [0-9]+ answered\): driver virtio_net-5.3" \
	--set sim.duration=2s
fam usbnet usbnet-2025-bql.ini \
	"remedy \(verified: mean round trip [0-9.]+ ms, was [0-9.]+; [0-9]+ of [0-9]+ answered\): driver usbnet-6.19" \
	--set sim.duration=3s
fam fec fec-imx-coalesce.ini \
	"remedy \(verified: busiest CPU busy [0-9.]+ %, was 100.0\): driver fec-6.x, with d851b47b22fc" \
	--set sim.duration=300ms --set host.imx.driver=fec-3.17
grep -q "cause: the sender waited on its send buffer" "$T/usbnet.txt" &&
	fail "usbnet: a sender held by a full link called a stall"
echo "ok: explain proposes each family's fixing era where it removes the symptom"

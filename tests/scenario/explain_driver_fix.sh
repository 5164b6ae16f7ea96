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

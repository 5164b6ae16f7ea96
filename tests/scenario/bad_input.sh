#!/usr/bin/env bash
# Bad input: FILE:LINE: message with the closest key, exit 2, nothing written.
. "$(dirname "$0")/lib.inc"
f=$T/bad.ini
expect2() {	# expect2 PATTERN ARGS...
	local pat=$1; shift
	"$NICSIM" run "$@" --json "$T/out.json" >/dev/null 2>"$T/err"; rc=$?
	[ $rc = 2 ] || fail "exit $rc for: $*"
	grep -qE "$pat" "$T/err" || fail "message '$(head -1 "$T/err")' lacks /$pat/"
	[ ! -e "$T/out.json" ] || fail "output written despite the error"
}
cp "$SRC/scenarios/mvneta-2014-ping.ini" "$f"; printf '\n[host.dut.ethtool]\ntx-frame = 3\n' >>"$f"
expect2 "bad.ini:$(wc -l <"$f"): .*tx-frames" "$f"
cp "$SRC/scenarios/mvneta-2014-ping.ini" "$f"; printf '\n[link]\nrate = fast\n' >>"$f"
expect2 "bad.ini:$(wc -l <"$f"): .*rate" "$f"
# a mistyped driver: every name listed, the last family's too, then the closest
last=$("$NICSIM" keys driver | sed -n 's/.*NIC driver model: .*, //p')
expect2 "driver: 'idael' is not one of mvneta-3.8, .*, $last; did you mean 'ideal'\?$" \
	"$SRC/scenarios/ftgmac100-2024-bmc.ini" --set host.peer.driver=idael
cp "$SRC/scenarios/mvneta-2014-ping.ini" "$f"; printf '\n[link\n' >>"$f"
expect2 "bad.ini:$(wc -l <"$f"):" "$f"
# an expectation's baseline is checked like its set; compare is a choice
cp "$SRC/scenarios/mvneta-2014-txframes.ini" "$f"
printf '\n[expect.X]\nmetric = apps.iperf.goodput_mbps\nvalue = 1\nbaseline = host.dut.ethtool.tx-frame=16\n' >>"$f"
expect2 "bad.ini:$(wc -l <"$f"): baseline: .*tx-frames" "$f"
cp "$SRC/scenarios/mvneta-2014-txframes.ini" "$f"; printf '\n[expect.X]\ncompare = ratios\n' >>"$f"
expect2 "bad.ini:$(wc -l <"$f"): .*ratio" "$f"
printf '[sim]\nduration 10s\n' >"$f"
expect2 "bad.ini:2:" "$f"
expect2 "tx-frames" "$SRC/scenarios/mvneta-2014-ping.ini" --set host.dut.ethtool.tx-frames=-5
expect2 "tx must be" "$SRC/scenarios/mvneta-2014-ping.ini" --set host.dut.ethtool.tx=0
expect2 "rate" "$SRC/scenarios/mvneta-2014-ping.ini" --set link.rate=0bit
expect2 "peer" "$SRC/scenarios/mvneta-2014-ping.ini" --set app.ping.dest=pear
expect2 "driver" "$SRC/scenarios/mvneta-2014-ping.ini" --set host.dut.driver=e1000
# a key twice in one section, reopened or not: FILE:LINE of the second
printf '[sim]\nduration = 1s\n[host.dut]\n[host.peer]\n[sim]\nduration = 2s\n' >"$f"
expect2 "^$f:6: 'duration' is set twice in \[sim\] \(first on line 2\)$" "$f"
# a --set naming a host or app the scenario lacks: the closest one
expect2 "^--set host.dtu.ethtool.tx-frames=1: no host 'dtu' \(did you mean 'dut'\?\)" \
	"$SRC/scenarios/mvneta-2014-ping.ini" --set host.dtu.ethtool.tx-frames=1
expect2 "^--set app.pign.interval=2s: no app 'pign' \(did you mean 'ping'\?\)" \
	"$SRC/scenarios/mvneta-2014-ping.ini" --set app.pign.interval=2s
# a setting the driver does not implement, or only with another setting
x=$SRC/scenarios/mvneta-2015-txqueues.ini
expect2 "^--set host.dut.ethtool.tx-usecs=1000: driver 'ideal' does not support ethtool tx-usecs$" \
	"$x" --set host.dut.driver=ideal --set host.dut.ethtool.tx-usecs=1000
expect2 "^--set host.dut.ethtool.tx-usecs=100: tx-usecs takes effect only with tx_reclaim = hrtimer \(this host reclaims with tx-irq\)$" \
	"$SRC/scenarios/mvneta-2014-ping.ini" --set host.dut.ethtool.tx-usecs=100
"$NICSIM" run "$SRC/scenarios/mvneta-2014-ping.ini" -q --set sim.duration=2s --set host.dut.tx_reclaim=hrtimer \
	--set host.dut.ethtool.tx-usecs=100 || fail "tx-usecs with tx_reclaim = hrtimer refused"
{ cat "$x"; printf '[host.dut.ethtool]\ntx-usecs = 100\n'; } >"$f"
expect2 "^$f:$(wc -l <"$f"): tx-usecs takes effect only with tx_reclaim = hrtimer \(this host reclaims with tx-irq\)$" "$f"
# nicsim keys FILTER: a section or key; none matching is bad input
"$NICSIM" keys ethtol >/dev/null 2>"$T/err"; rc=$?
[ $rc = 2 ] && grep -qx "nicsim keys: no section or key 'ethtol'; did you mean 'ethtool'?" "$T/err" ||
	fail "keys ethtol: exit $rc, $(cat "$T/err")"
"$NICSIM" keys --support sysctls >/dev/null 2>&1; [ $? = 2 ] || fail "keys --support sysctls not 2"
"$NICSIM" keys ethtool >"$T/k" || fail "keys ethtool"
[ "$(wc -l <"$T/k")" = 9 ] && ! grep -qv "^section\|^host.NAME.ethtool " "$T/k" ||
	fail "keys ethtool: $(cat "$T/k")"
grep -q "^host.NAME.ethtool  tx-frames    mvneta-3.8..3.13: 16, mvneta-3.18: 1, mvneta-4.4..6.x: 0, ideal" "$T/k" ||
	fail "keys ethtool: no per-driver tx-frames default: $(grep tx-frames "$T/k")"
"$NICSIM" keys host.NAME.sysctl >"$T/k" || fail "keys host.NAME.sysctl"
[ "$(wc -l <"$T/k")" = 11 ] && ! grep -qv "^section\|^host.NAME.sysctl " "$T/k" ||
	fail "keys host.NAME.sysctl: $(cat "$T/k")"
head -c 3000 /dev/urandom >"$f"
"$NICSIM" run "$f" >/dev/null 2>&1; [ $? = 2 ] || fail "binary garbage not refused with 2"
"$NICSIM" run "$T/nonexistent.ini" >/dev/null 2>&1; [ $? = 2 ] || fail "missing file not 2"
# every command answers --help with the usage, exit 0 (validate used to
# take it for a file)
for c in run explain probes keys list validate; do
	"$NICSIM" "$c" --help >"$T/help" 2>&1 || fail "nicsim $c --help: exit $?"
	grep -q "^usage: nicsim COMMAND" "$T/help" || fail "nicsim $c --help: $(head -1 "$T/help")"
done
"$NICSIM" frobnicate >/dev/null 2>&1; [ $? = 2 ] || fail "unknown command not 2"
"$NICSIM" keys --bogus >/dev/null 2>&1; [ $? = 2 ] || fail "keys --bogus not 2"
"$NICSIM" list extra >/dev/null 2>&1; [ $? = 2 ] || fail "list with an argument not 2"
"$NICSIM" validate "$SRC/scenarios/mvneta-2014-ping.ini" --set x >/dev/null 2>"$T/err"; rc=$?
[ $rc = 2 ] && grep -q "unknown option '--set'" "$T/err" || fail "validate --set: exit $rc, $(cat "$T/err")"
# every refused key is listed, a line each: switching the ping story's
# host to the ideal driver refuses the file's tx-frames and the --set's
# tx-usecs alike
f=$SRC/scenarios/mvneta-2014-ping.ini
"$NICSIM" run "$f" --set host.dut.driver=ideal --set host.dut.ethtool.tx-usecs=1000 >/dev/null 2>"$T/err"; rc=$?
[ $rc = 2 ] && grep -q "^$f:[0-9]*: driver 'ideal' does not support ethtool tx-frames" "$T/err" &&
	grep -q "^--set host.dut.ethtool.tx-usecs=1000: driver 'ideal' does not support ethtool tx-usecs$" "$T/err" ||
	fail "refusals not all listed: exit $rc, $(cat "$T/err")"
echo "ok: bad input refused with FILE:LINE and exit 2"

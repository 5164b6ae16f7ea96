#!/usr/bin/env bash
# Absurd but valid inputs run within the documented limits or are refused
# with FILE:LINE (or --set ARG) and exit 2; none crashes, exhausts memory
# or runs without end (docs/robustness.md, "Limits").
. "$(dirname "$0")/lib.inc"
# the 2014 ping scenario without its [pair.*] sections, whose overrides
# add pings (the 1024-application case below has no room for them)
base=$T/base.ini
awk '/^\[/ { skip = /^\[pair\./ } !skip' "$SRC/scenarios/mvneta-2014-ping.ini" >"$base"
f=$T/lim.ini
refused() {	# refused PATTERN ARGS...: exit 2, message matches, no output
	local pat=$1; shift
	rm -f "$T/out.json"
	timeout 60 "$NICSIM" run "$@" -q --json "$T/out.json" >/dev/null 2>"$T/err"; rc=$?
	[ $rc = 2 ] || fail "exit $rc, not 2, for: $* ($(head -c 300 "$T/err"))"
	grep -qE "$pat" "$T/err" || fail "message '$(head -1 "$T/err")' lacks /$pat/"
	[ ! -e "$T/out.json" ] || fail "output written despite the error: $*"
}
runs() {	# runs SECONDS ARGS...: exit 0 within SECONDS
	local secs=$1; shift
	timeout "$secs" "$NICSIM" run "$@" -q --json "$T/out.json" >/dev/null 2>"$T/err"; rc=$?
	[ $rc = 0 ] || fail "exit $rc for: $* ($(head -c 300 "$T/err"))"
}
append() {	# append TEXT: the ping scenario without the keys TEXT sets in
		# its sections (a file sets a key once per section), then TEXT,
		# in $f; $n = last line
	printf '%b\n' "$1" >"$T/text"
	awk 'NR == FNR { if (/^\[/) s = $0; else if (/ = /) set[s, $1] = 1; next }
	     /^\[/ { s = $0 } !(/ = / && (s, $1) in set)' "$T/text" "$base" >"$f"
	cat "$T/text" >>"$f"
	n=$(wc -l <"$f")
}

# link rate: at most 400 Gbit/s; 1 bit/s is valid (a frame takes hours)
append '[link]\nrate = 1Tbit'
refused "lim.ini:$n: rate must be greater than 0 and at most 400Gbit" "$f"
# (mvneta's MAC links at 10/100/1000 only: the ideal NIC takes any rate)
anyb=$T/any.ini
awk '!/^tx-frames = / { sub(/^driver = mvneta-3.13$/, "driver = ideal"); print }' "$base" >"$anyb"
runs 60 "$anyb" --set link.rate=400Gbit
runs 60 "$anyb" --set link.rate=1bit
# rings: the key stops at 16384, each driver at its hardware's limit
append '[host.dut.ethtool]\ntx = 10000000'
refused "lim.ini:$n: tx must be between 1 and 16384" "$f"
append '[host.dut.ethtool]\nrx = 10000000'
refused "lim.ini:$n: rx must be between 1 and 16384" "$f"
append '[host.dut.ethtool]\ntx = 16384'
refused "lim.ini:$n: mvneta-3.13: TX ring size 16384 out of range \[19, 532\]" "$f"
refused "TX ring size 1025 out of range \[434, 1024\]" "$base" \
	--set host.dut.driver=mvneta-6.x --set host.dut.ethtool.tx=1025
refused "RX ring size 513 out of range \[1, 512\]" "$base" \
	--set host.dut.driver=mvneta-6.x --set host.dut.ethtool.rx=513
runs 60 "$base" --set host.dut.driver=mvneta-6.x --set host.dut.ethtool.tx=1024 \
	--set host.dut.ethtool.rx=512
# 10 000 applications: at most 1024 [app.*] sections (1024 UDP floods
# run), 16 [host.*]
{ cat "$base"; for i in $(seq 10000); do printf '[app.a%d]\ntype = udp\nhost = dut\ndest = peer\ninterval = 0s\n' "$i"; done; } >"$f"
line=$(grep -n '^\[app.a1024\]' "$f" | cut -d: -f1)
refused "lim.ini:$line: too many \[app.\*\] sections \(at most 1024\)" "$f"
head -n $((line - 1)) "$f" >"$T/1024.ini"
runs 60 "$T/1024.ini" --set sim.duration=100ms
{ cat "$base"; for i in $(seq 10000); do printf '[host.h%d]\n' "$i"; done; } >"$f"
line=$(grep -n '^\[host.h15\]' "$f" | cut -d: -f1)
refused "lim.ini:$line: too many \[host.\*\] sections \(at most 16\)" "$f"
refused "exactly two hosts" "$base" --set host.third.driver=ideal
# durations: 1 ps runs; at most 100000 s
runs 60 "$base" --set sim.duration=1ps
append '[sim]\nduration = 1000000000s'
refused "lim.ini:$n: duration must be greater than 0 and at most 100000s" "$f"
refused "duration: '9999999999999999999999s' is not|duration must be" "$base" \
	--set sim.duration=9999999999999999999999s
# ping interval: 1 ms at least (no flood mode), any count, 1e8 requests per run
refused "ping interval below 1ms needs flood mode" "$base" --set app.ping.interval=0s
refused "interval: '0' needs a unit" "$base" --set app.ping.interval=0
runs 60 "$base" --set app.ping.interval=100000s --set sim.duration=100000s
runs 60 "$base" --set app.ping.count=9223372036854775807
refused "count: '9223372036854775808' is too large" "$base" --set app.ping.count=9223372036854775808
append '[app.ping]\ncount = 0\ninterval = 1ms\n[app.p2]\ntype = ping\nhost = peer\ndest = dut\ninterval = 1ms\n[sim]\nduration = 100000s'
refused "lim.ini:$((n - 2)): app.p2: up to 100000000 echo requests, over 100000000 with the other pings; the pings of a run may send at most 100000000" "$f"
refused "app.p2: up to 1 echo requests, over 100000000 with the other pings" "$base" \
	--set app.ping.count=100000000 --set app.ping.interval=1ms --set sim.duration=100000s \
	--set app.p2.type=ping --set app.p2.host=dut --set app.p2.dest=peer --set app.p2.count=1
# sizes: ping -s and UDP datagrams fit the protocol and the MTU; TCP writes
# and buffers of 1 GiB and 2 GiB - 1 only take longer to fill
refused "ping -s at most 65507 bytes" "$base" --set app.ping.size=1GiB
refused "size must be between 0 and 1073741824" "$base" --set app.ping.size=2GiB
udp="--set app.u.type=udp --set app.u.host=dut --set app.u.dest=peer --set sim.duration=10ms"
refused "app.u: a UDP datagram holds at most 65507 bytes" "$base" $udp --set app.u.size=65508
runs 60 "$base" --set app.ping.sndbuf=2147483647 --set host.dut.sysctl.wmem_max=2147483647
runs 60 "$base" --set sim.duration=100ms --set host.dut.ethtool.tx-frames=1 \
	--set host.dut.sysctl.wmem_max=2147483647 --set host.dut.sysctl.tcp_wmem="4096 2147483647 2147483647" \
	--set app.s.type=stream --set app.s.host=dut --set app.s.dest=peer --set app.s.size=1GiB \
	--set app.s.read_size=1GiB --set app.s.sndbuf=2147483647 --set app.s.rcvbuf=2147483647
# queues: tx_queue_len up to 1e6 packets; the skbs alive in a run at most 2^22
runs 60 "$base" --set host.dut.tx_queue_len=1000000
refused "tx_queue_len must be between 1 and 1000000" "$base" --set host.dut.tx_queue_len=1000001
# a 0-byte UDP flood with a 2 GiB send buffer into a 1 Mbit/s link: the
# ideal NIC's TX ring (4096) stops its queue and the qdisc drops, so the
# skbs alive stay bounded and the run ends (the 2^22 bound itself is
# tested in tests/unit/test_world_limits.c with a lower bound)
grep -v '^tx-frames = ' "$base" >"$T/ideal.ini"	# the ideal NIC has no tx-frames
runs 60 "$T/ideal.ini" --set host.dut.platform=x86-64 --set host.dut.driver=ideal \
	--set host.dut.sysctl.wmem_max=2147483647 --set link.rate=1Mbit $udp \
	--set sim.duration=10s --set app.u.size=0 --set app.u.interval=0s --set app.u.sndbuf=2147483647
# MTU: 68 to 9600, with a ping, a UDP flood and a TCP stream
for mtu in 68 9600; do
	runs 60 "$base" --set link.mtu=$mtu --set sim.duration=100ms --set host.dut.ethtool.tx-frames=1 \
		$udp --set app.u.size=20 --set app.u.interval=100us \
		--set app.s.type=stream --set app.s.host=peer --set app.s.dest=dut
done
refused "mtu must be between 68 and 9600" "$base" --set link.mtu=67
refused "mtu must be between 68 and 9600" "$base" --set link.mtu=9601
# a run of absurd length makes progress and stops when told to
timeout -s INT 2 "$NICSIM" run "$base" -q $udp --set sim.duration=100000s \
	--set app.u.interval=0s --json "$T/long.json" >/dev/null 2>&1; rc=$?
[ $rc = 124 ] || fail "a 100000 s flood ended with $rc, not by the timeout"
echo "ok: absurd inputs refused with FILE:LINE and exit 2, or run within the limits"

#!/usr/bin/env bash
# [switch] input: refusals at FILE:LINE (or the --set) naming the setting,
# exit 2, nothing written. A switch with one host; a dest naming no host or
# the app's own host; a misspelt [switch] key or section; a port shaper
# without its bucket or with a bucket below the largest frame; per-host
# link keys without a switch; more than two hosts without one;
# --pcap-merged with a switch. With a switch, ping reaches any other host,
# and link.loss applies to every host link (loss_from: one host's frames).
. "$(dirname "$0")/lib.inc"
refused() {	# refused PATTERN ARGS...: exit 2, message matches, no output
	local pat=$1; shift
	rm -f "$T/out.json"
	"$NICSIM" run "$@" -q --json "$T/out.json" >/dev/null 2>"$T/err"; rc=$?
	[ $rc = 2 ] || fail "exit $rc, not 2, for: $* ($(head -c 300 "$T/err"))"
	grep -qE "$pat" "$T/err" || fail "message '$(head -1 "$T/err")' lacks /$pat/"
	[ ! -e "$T/out.json" ] || fail "output written despite the error: $*"
}
cat >"$T/sw.ini" <<'INI'
[sim]
duration = 100ms
[switch]
limit_bytes = 64KiB
[host.a]
driver = ideal
[host.b]
driver = ideal
[host.c]
driver = ideal
[app.p]
type = ping
host = a
dest = b
interval = 10ms
INI
printf '[switch]\n[host.a]\ndriver = ideal\n' >"$T/one.ini"
refused "one.ini:1: \[switch\] joins 2 to 16 hosts, each on a port of its own; found 1" "$T/one.ini"
refused "app.p.dest=zz: dest: no host named 'zz'" "$T/sw.ini" --set app.p.dest=zz
refused "app.p.dest=a: dest: 'a' is the app's own host" "$T/sw.ini" --set app.p.dest=a
sed 's/^limit_bytes/limit_byte/' "$T/sw.ini" >"$T/key.ini"
refused "key.ini:4: unknown key 'limit_byte' in \[switch\]; did you mean 'limit_bytes'\?" "$T/key.ini"
refused "switch.latncy=1us: unknown key 'latncy' in \[switch\]; did you mean 'latency'\?" \
	"$T/sw.ini" --set switch.latncy=1us
sed 's/^\[switch\]/[swich]/' "$T/sw.ini" >"$T/sec.ini"
refused "sec.ini:3: unknown section \[swich\]; did you mean \[switch\]\?" "$T/sec.ini"
refused "host.c.port_rate: the port's token bucket needs port_burst too" \
	"$T/sw.ini" --set host.c.port_rate=10Mbit
refused "host.c.port_burst: 1000 bytes is below the largest frame \(mtu \+ 14 = 1514\)" \
	"$T/sw.ini" --set host.c.port_rate=10Mbit --set host.c.port_burst=1000
sed '/^\[switch\]/,/^limit_bytes/d; /^\[host.c\]/,/^driver/d' "$T/sw.ini" >"$T/two.ini"
refused "host.a.link_delay: takes effect only with a \[switch\] section" \
	"$T/two.ini" --set host.a.link_delay=1ms
sed '/^\[switch\]/,/^limit_bytes/d' "$T/sw.ini" >"$T/three.ini"
refused "three.ini:[0-9]+: this version joins exactly two hosts with one link, or 2 to 16 hosts through a \[switch\]" \
	"$T/three.ini"
refused "pcap-merged: .*with a \[switch\] every host link has two" "$T/sw.ini" --pcap-merged "$T/m.pcap"
[ ! -e "$T/m.pcap" ] || fail "--pcap-merged wrote a file"
# a NIC that cannot run at a host's link_rate: refused at that key
refused "host.c.link_rate=2Gbit: igb-6.x: the MAC links at 10, 100 or 1000 Mbit/s" \
	"$T/sw.ini" --set host.c.driver=igb-6.x --set host.c.link_rate=2Gbit
# ping reaches the third host too
"$NICSIM" run "$T/sw.ini" -q --set app.p.dest=c --json "$T/c.json" || fail "ping to c"
[ "$(jget "$T/c.json" "0 < d['apps']['p']['received'] == d['apps']['p']['transmitted'] == \
d['switch']['ports']['c']['tx_frames'] and d['switch']['ports']['b']['tx_frames'] == 0")" = True ] ||
	fail "ping to c: $(jget "$T/c.json" "d['apps']['p'], d['switch']['ports']")"
# link.loss with a switch: every host link, both directions; loss_from:
# only the frames that host's NIC sends
"$NICSIM" run "$T/sw.ini" -q --set link.loss=30% --set link.loss_from=b --json "$T/l.json" ||
	fail "loss_from run"
[ "$(jget "$T/l.json" "[(x['from'], x['to']) for x in d['link']['directions'] if x['lost']] == \
[('b', 'switch')]")" = True ] || fail "loss_from b: $(jget "$T/l.json" "d['link']['directions']")"
"$NICSIM" run "$T/sw.ini" -q --set link.loss=30% --set sim.duration=1s --json "$T/l2.json" || fail "loss run"
[ "$(jget "$T/l2.json" "sum(x['lost'] > 0 for x in d['link']['directions']) == 4")" = True ] ||
	fail "loss on every link: $(jget "$T/l2.json" "d['link']['directions']")"
echo ok

#!/usr/bin/env bash
# nicsim explain: for the ping story it names the send-buffer rule and
# TX reclaim with the run's numbers, and its remedy works (the tx-frames
# it proposes runs clean; one more fails); for every stream of every
# shipped scenario it names the limiter the JSON's limited_by_main measured.
# The 3 s explain runs of the shipped scenarios are shared:
# fixture: explain_3s
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2014-ping.ini
out=$("$NICSIM" explain "$f") || fail "explain ping"
echo "$out" | grep -q "2 x sk_sndbuf = 4096 B" || fail "no send-buffer rule: $out"
echo "$out" | grep -q "6 echo requests of 704 B truesize" || fail "no held requests: $out"
n=$(echo "$out" | sed -n 's/.*With tx-frames <= \([0-9]*\) .*/\1/p')
[ -n "$n" ] || fail "no remedy: $out"
"$NICSIM" run "$f" --set host.dut.ethtool.tx-frames="$n" --json "$T/ok.json" >/dev/null || fail "run tx-frames $n"
[ "$(jget "$T/ok.json" "d['apps']['ping']['enobufs']")" = 0 ] || fail "the proposed tx-frames $n still fails"
"$NICSIM" run "$f" --set host.dut.ethtool.tx-frames=$((n + 1)) --json "$T/bad.json" >/dev/null || fail "run"
[ "$(jget "$T/bad.json" "d['apps']['ping']['enobufs'] > 0")" = True ] || fail "tx-frames $((n + 1)) unexpectedly clean: the bound is loose"
fx=$(fixture explain_3s) || exit 1
for s in "$SRC"/scenarios/*.ini; do
	# nicsim explain "$s" --set sim.duration=3s --json e.json >e.txt
	e=$fx/$(basename "$s" .ini)
	[ "$(cat "$e.rc" 2>/dev/null)" = 0 ] || fail "explain $s"
	python3 - "$e.json" "$e.txt" "$s" <<'PY' || fail "explain disagrees with limited_by_main in $s"
import json, re, sys
d = json.load(open(sys.argv[1])); text = open(sys.argv[2]).read()
for name, a in d['apps'].items():
    if 'limited_by_main' not in a:
        continue
    m = re.search(r'^\[app\.%s\] (stream|http) %s -> %s: .*main limiter: (\w+)' % (name, a['host'], a['dest']), text, re.M)
    assert m and m.group(2) == a['limited_by_main'], (sys.argv[3], name, m and m.group(2), a['limited_by_main'])
PY
done
echo "ok: explain's ping remedy (tx-frames <= $n) holds, and it names each stream's measured limiter"
# BQL against count-only TX coalescing: mvneta-6.x with tx-frames 16 lets
# one 10-segment GSO skb in (DQL limit 0), reclaims 18 of its 20
# descriptors without freeing it, and no TX-done ever comes for the rest
"$NICSIM" explain "$SRC/bench/ns3/nicsim-1g-1flow.ini" --set host.snd.ethtool.tx-frames=16 \
	--set sim.duration=200ms >"$T/bql.txt" || fail "explain bql"
grep -q "main limiter: stopped" "$T/bql.txt" && grep -q "BQL stopped TX queue" "$T/bql.txt" &&
	grep -q "more than 16 descriptors were sent" "$T/bql.txt" ||
	fail "the BQL stall is not explained: $(cat "$T/bql.txt")"
echo "ok: explain names BQL waiting for a TX-done that tx-frames 16 never raises"
# TSQ under the timer reclaim (B8): the era's rule with the run's numbers,
# the jiffy srtt that keeps pacing_rate >> 10 under the sysctl, and a
# remedy that removes the limiter
f=$SRC/scenarios/mvneta-2014-iperf-timer.ini
"$NICSIM" explain "$f" --set sim.duration=2s >"$T/tsq.txt" || fail "explain tsq"
grep -q "main limiter: tsq" "$T/tsq.txt" || fail "B8 not TSQ-limited: $(cat "$T/tsq.txt")"
grep -q "limit = max(tcp_limit_output_bytes, pacing_rate >> 10)" "$T/tsq.txt" || fail "no TSQ rule"
read -r held lim < <(sed -n 's/.*at the last stop it held \([0-9]*\) B against \([0-9]*\) B.*/\1 \2/p' "$T/tsq.txt")
[ -n "$held" ] && [ "$held" -gt "$lim" ] || fail "last stop: held '$held' not above limit '$lim'"
grep -q "srtt8 = 1[1-5] " "$T/tsq.txt" || fail "no jiffy srtt explanation: $(cat "$T/tsq.txt")"
grep -q "tx_reclaim = rx-poll" "$T/tsq.txt" || fail "no remedy"
"$NICSIM" explain "$f" --set sim.duration=2s --set host.dut.tx_reclaim=rx-poll >"$T/rx.txt" || fail "explain rx-poll"
grep -q "main limiter: tsq" "$T/rx.txt" && fail "rx-poll still TSQ-limited: $(cat "$T/rx.txt")"
echo "ok: explain gives B8's TSQ rule, limit and srtt lock-in; its remedy lifts the limit"

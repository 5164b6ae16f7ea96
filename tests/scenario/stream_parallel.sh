#!/usr/bin/env bash
# app.NAME.parallel = N is iperf -P N: N TCP connections from host to
# dest. Eight over a 100 Mbit/s link share it: each is in the results
# (NAME.1 .. NAME.8, each with its goodput), their goodputs sum to the
# app's goodput, which is within a few % of one connection's alone and
# below the line rate; Jain's index lies in [1/N, 1] and the fairness
# figures bound the connections. parallel = 1 is byte-identical to no key;
# the key is refused on a ping and out of range, and beyond 1024
# applications and connections in all; a sweep over it runs.
. "$(dirname "$0")/lib.inc"
cat > "$T/s.ini" <<'INI'
[sim]
duration = 2s
[link]
rate = 100Mbit
delay = 1ms
[host.a]
platform = x86-64
kernel = 6.x
[host.b]
platform = x86-64
kernel = 6.x
[app.bulk]
type = stream
host = a
dest = b
INI
run() { "$NICSIM" run "$T/s.ini" --quiet --json "$T/$1.json" "${@:2}" || fail "run $1"; }
run one
run one_key --set app.bulk.parallel=1
cmp -s "$T/one.json" "$T/one_key.json" || fail "parallel = 1 differs from no key"
"$NICSIM" run "$T/s.ini" --set app.bulk.parallel=8 --json "$T/p8.json" --check > "$T/p8.txt" ||
	fail "run parallel = 8 --check"
python3 - "$T/one.json" "$T/p8.json" <<'PY' || fail "parallel = 8 results"
import json, sys
one = json.load(open(sys.argv[1]))["apps"]["bulk"]
p8 = json.load(open(sys.argv[2]))["apps"]["bulk"]
st = p8["streams"]
names = [s["name"] for s in st]
assert names == ["bulk.%d" % k for k in range(1, 9)], names
g = [s["goodput_mbps"] for s in st]
for s in st:
    for k in ("retransmits", "cwnd", "srtt_us", "bytes"):
        assert k in s, k
assert abs(sum(g) - p8["goodput_mbps"]) < 0.01, (sum(g), p8["goodput_mbps"])
assert sum(s["bytes"] for s in st) == p8["bytes"]
assert sum(s["retransmits"] for s in st) == p8["retransmits"]
assert p8["parallel"] == 8
assert p8["goodput_mbps"] < 100, p8["goodput_mbps"]
assert abs(p8["goodput_mbps"] - one["goodput_mbps"]) < 0.05 * one["goodput_mbps"], \
    (p8["goodput_mbps"], one["goodput_mbps"])
f = p8["fairness"]
assert 1 / 8 <= f["jain_index"] <= 1, f
assert abs(f["min_goodput_mbps"] - min(g)) < 0.001 and abs(f["max_goodput_mbps"] - max(g)) < 0.001, f
jain = sum(g) ** 2 / (8 * sum(x * x for x in g))
assert abs(jain - f["jain_index"]) < 0.001, (jain, f)
assert min(g) > 0
PY
grep -q "^\[app.bulk\] stream a -> b, 8 connections" "$T/p8.txt" || fail "summary: $(head -3 "$T/p8.txt")"
grep -q "^  bulk.8 " "$T/p8.txt" || fail "summary lacks bulk.8"
"$NICSIM" run "$T/s.ini" --quiet --set app.bulk.parallel=0 2>"$T/e" && fail "parallel = 0 accepted"
grep -q "parallel" "$T/e" || fail "parallel = 0: $(cat "$T/e")"
printf '[app.p]\ntype = ping\nhost = a\ndest = b\nparallel = 2\n' >> "$T/s.ini"
"$NICSIM" run "$T/s.ini" --quiet 2>"$T/e" && fail "a ping with parallel accepted"
grep -qE "s.ini:[0-9]+: app.p: a ping app takes no parallel" "$T/e" || fail "ping: $(cat "$T/e")"
head -n -5 "$T/s.ini" > "$T/s2.ini"
cp "$T/s2.ini" "$T/many.ini"
for i in 1 2 3 4 5 6 7 8; do
	printf '[app.b%d]\ntype = stream\nhost = a\ndest = b\nparallel = 128\n' "$i" >> "$T/many.ini"
done
"$NICSIM" run "$T/many.ini" --quiet 2>"$T/e" && fail "1025 connections accepted"
grep -qE "many.ini:[0-9]+: app.b8: 1025 applications and parallel connections in all, above the 1024" "$T/e" ||
	fail "budget: $(cat "$T/e")"
"$NICSIM" sweep "$T/s2.ini" --axis app.bulk.parallel=1,4 --out "$T/sw" > "$T/sw.txt" 2>&1 ||
	fail "sweep: $(tail -3 "$T/sw.txt")"
[ "$(grep -c . "$T/sw/results.jsonl")" = 2 ] || fail "sweep: not 2 points"
echo "ok: 8 parallel streams named and summed, fair within [1/N, 1]; parallel = 1 as no key; sweep runs"

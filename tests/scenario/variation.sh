#!/usr/bin/env bash
# Seeded variation (sim.variation, docs/architecture.md, Randomness): off,
# a lossless run is the same under every seed; on, seeds differ and one
# seed is still byte-identical; its magnitudes are refused while it is off;
# a sweep with --repeat turns it on and summarises a spread.
. "$(dirname "$0")/lib.inc"
cat >"$T/ping.ini" <<'INI'
[sim]
duration = 1s
[host.a]
driver = ideal
[host.b]
driver = ideal
[app.ping]
type = ping
host = a
dest = b
interval = 10ms
INI
run() {	# run NAME ARGS...: the JSON results in $T/NAME.json
	local name=$1
	shift
	"$NICSIM" run "$T/ping.ini" "$@" --json "$T/$name.json" >"$T/$name.txt" 2>&1 ||
		fail "run $*: $(cat "$T/$name.txt")"
}
# each reply's RTT and where it went (results.md: replies[].split_us)
rtts() { jget "$1" "[(r['rtt_us'], sorted(r['split_us'].items())) for r in d['apps']['ping']['replies']]"; }
avg() { jget "$1" "d['apps']['ping']['rtt_us']['avg']"; }

run off1 --seed 1
run off2 --seed 2
[ "$(jget "$T/off1.json" "d['apps']['ping']['received'] == d['apps']['ping']['transmitted'] > 50")" = True ] ||
	fail "ping lost replies"
[ "$(rtts "$T/off1.json")" = "$(rtts "$T/off2.json")" ] ||
	fail "variation off: seeds 1 and 2 differ: avg $(avg "$T/off1.json") / $(avg "$T/off2.json")"
echo "ok: variation off, lossless: seeds 1 and 2 give the same RTTs (avg $(avg "$T/off1.json") us)"

run on1 --seed 1 --set sim.variation=on
run on2 --seed 2 --set sim.variation=on
run on1b --seed 1 --set sim.variation=on
[ "$(rtts "$T/on1.json")" != "$(rtts "$T/on2.json")" ] ||
	fail "variation on: seeds 1 and 2 give the same RTTs"
cmp -s "$T/on1.json" "$T/on1b.json" && cmp -s "$T/on1.txt" "$T/on1b.txt" ||
	fail "variation on: the same seed twice is not byte-identical"
echo "ok: variation on: seeds 1 and 2 differ (avg $(avg "$T/on1.json") / $(avg "$T/on2.json") us); seed 1 twice is identical"

# on with every magnitude 0 draws nothing: the run is the off run
run zero --seed 1 --set sim.variation=on --set sim.start_jitter=0s \
	--set sim.wakeup_jitter=0s --set sim.cost_noise=0
cmp -s "$T/zero.json" "$T/off1.json" || fail "variation on with zero magnitudes differs from off"
# each source on its own changes the run
for k in start_jitter=1ms wakeup_jitter=20us cost_noise=3%; do
	z="--set sim.start_jitter=0s --set sim.wakeup_jitter=0s --set sim.cost_noise=0"
	run one --seed 1 --set sim.variation=on $z --set "sim.$k"
	cmp -s "$T/one.json" "$T/off1.json" && fail "sim.$k alone changes nothing"
done
echo "ok: zero magnitudes give the off run; each source alone changes it"

# a magnitude while variation is off: refused where it was given
printf '[sim]\nduration = 1s\nstart_jitter = 1ms\n' >"$T/j.ini"
sed -n '3,$p' "$T/ping.ini" >>"$T/j.ini"
"$NICSIM" run "$T/j.ini" >"$T/j.out" 2>&1
rc=$?
[ $rc = 2 ] || fail "start_jitter with variation off: exit $rc, not 2"
grep -qF "$T/j.ini:3: sim.start_jitter takes effect only with sim.variation = on" "$T/j.out" ||
	fail "start_jitter with variation off: $(cat "$T/j.out")"
for k in wakeup_jitter=5us cost_noise=1%; do
	"$NICSIM" run "$T/ping.ini" --set "sim.$k" >"$T/k.out" 2>&1 && fail "sim.$k accepted with variation off"
	grep -qF -- "--set sim.$k: sim.${k%%=*} takes effect only with sim.variation = on" "$T/k.out" ||
		fail "sim.$k: $(cat "$T/k.out")"
done
echo "ok: a magnitude with variation off is refused at FILE:LINE (or its --set)"

# a bulk stream and a ping through 100 Mbit/s: --repeat 3 gives a spread
cat >"$T/lab.ini" <<'INI'
[sim]
duration = 2s
[link]
rate = 100Mbit
[host.snd]
driver = ideal
[host.rcv]
driver = ideal
[app.bulk]
type = stream
host = snd
dest = rcv
[app.ping]
type = ping
host = snd
dest = rcv
interval = 50ms
start = 1s
INI
sweep() {	# sweep DIR ARGS...
	local d=$1
	shift
	"$NICSIM" sweep "$T/lab.ini" --repeat 3 -j 1 --metric apps.ping.rtt_us.avg \
		--metric apps.bulk.goodput_mbps "$@" --out "$T/$d" >"$T/$d.out" 2>&1 ||
		fail "sweep $*: $(tail -3 "$T/$d.out")"
}
sweep on --report
sweep off --set sim.variation=off
python3 - "$T/on" "$T/off" <<'PY' || fail "sweep summary"
import csv, sys
def summary(d):
    return {r['metric']: r for r in csv.DictReader(open(d + '/stats/summary.csv'))}
def runs(d):
    return list(csv.DictReader(open(d + '/results.csv')))
on, off = summary(sys.argv[1]), summary(sys.argv[2])
r = on['apps.ping.rtt_us.avg']
assert r['sim.variation'] == 'on' and r['n'] == '3', r
vals = [float(x['apps.ping.rtt_us.avg']) for x in runs(sys.argv[1])]
assert all(x['sim.variation'] == 'on' for x in runs(sys.argv[1]))
assert len(set(vals)) > 1, vals
mean, sd = float(r['mean']), float(r['sd'])
assert abs(mean - sum(vals) / 3) < 1e-6 * mean, (mean, vals)
assert sd > 0 and float(r['min']) == min(vals) and float(r['max']) == max(vals), r
assert float(r['ci95_lo']) < mean < float(r['ci95_hi']), r
# the interval is mean -/+ t(0.975, 2) sd / sqrt(3), t = 4.302653
half = 4.302653 * sd / 3 ** 0.5
assert abs(float(r['ci95_hi']) - mean - half) < 1e-5 * half, (r, half)
o = off['apps.ping.rtt_us.avg']
assert o['sim.variation'] == 'off' and float(o['sd']) == 0, o
print(f"ping RTT avg over 3 repeats: mean {mean:.1f} us, sd {sd:.1f} us; with --set sim.variation=off sd 0")
PY
grep -q "95% confidence" "$T/on.out" || fail "no summary table on stdout: $(cat "$T/on.out")"
echo "ok: sweep --repeat 3 turns variation on and summarises a nonzero RTT spread"
# --report: per metric that varies, each combination's repeats as a CDF
python3 - "$T/on" <<'PY' || fail "sweep --report CDF data"
import csv, sys
d = sys.argv[1]
rtt = sorted(float(r['apps.ping.rtt_us.avg']) for r in csv.DictReader(open(d + '/results.csv')))
blocks = [b for b in open(d + '/stats/cdf.dat').read().split('\n\n\n') if b.strip()]
assert len(blocks) == 2, len(blocks)	# one combination, two metrics
cdf = [tuple(map(float, l.split())) for l in blocks[0].splitlines()]
want = [(rtt[0], 0)] + [(v, (i + 1) / 3) for i, v in enumerate(rtt)]
assert all(a == c and abs(b - e) < 1e-9 for (a, b), (c, e) in zip(cdf, want)) and len(cdf) == 4, cdf
assert "'cdf.dat' index 0" in open(d + '/stats/cdf.gp').read()
PY
if command -v gnuplot >/dev/null; then
	[ -s "$T/on/stats/cdf-0.svg" ] || fail "sweep --report drew no cdf-0.svg"
fi
# past 16 combinations the CDFs continue on a second plot, titled with its share
"$NICSIM" sweep "$T/ping.ini" --set sim.duration=100ms --axis app.ping.size=8:24 --repeat 2 \
	-j 2 --metric apps.ping.rtt_us.avg --report --out "$T/pages" >"$T/pages.out" 2>&1 ||
	fail "17-combination sweep --report: $(tail -3 "$T/pages.out")"
grep -q "set output 'cdf-0-2.svg'" "$T/pages/stats/cdf.gp" &&
	grep -q "(17 to 17 of 17)" "$T/pages/stats/cdf.gp" &&
	grep -q "(1 to 16 of 17)" "$T/pages/stats/cdf.gp" &&
	! grep -q "cdf-0-3" "$T/pages/stats/cdf.gp" || fail "17 combinations not split 16 + 1: $(grep output "$T/pages/stats/cdf.gp")"
if command -v gnuplot >/dev/null; then
	[ -s "$T/pages/stats/cdf-0.svg" ] && [ -s "$T/pages/stats/cdf-0-2.svg" ] ||
		fail "sweep --report drew no cdf-0-2.svg"
fi
"$NICSIM" sweep "$T/lab.ini" --report --out "$T/norep" >"$T/norep.out" 2>&1
[ $? = 2 ] && grep -q "needs --repeat" "$T/norep.out" || fail "--report without --repeat: $(cat "$T/norep.out")"
echo "ok: sweep --report draws each combination's repeats as a CDF; refused without --repeat"

# the report's ping plot: each reply over time and their CDF, legend the app's name
if command -v gnuplot >/dev/null; then
	"$NICSIM" run "$T/ping.ini" -q --set sim.variation=on --report "$T/rep" >/dev/null 2>&1 ||
		fail "run --report"
	python3 - "$T/rep" <<'PY' || fail "rtt plot"
import json, re, sys
d = sys.argv[1]
res = json.load(open(d + '/results-0.json'))
replies = res['apps']['ping']['replies']
blocks = [b for b in open(d + '/rtt.dat').read().split('\n\n\n') if b.strip()]
assert len(blocks) == 2, len(blocks)
pts = [l.split() for l in blocks[0].splitlines()]
cdf = [l.split() for l in blocks[1].splitlines()]
assert len(pts) == len(replies) and len(cdf) == len(replies) + 1, (len(pts), len(cdf))
assert [float(p[1]) for p in pts] == [r['rtt_us'] for r in replies]
assert float(cdf[-1][1]) == 1 and [float(c[0]) for c in cdf[1:]] == sorted(r['rtt_us'] for r in replies)
page = open(d + '/index.html').read()
fig = re.search(r'<figure id="rtt">(.*?)</figure>', page, re.S)
assert fig and 'ping' in fig.group(1), 'no rtt figure with the app name'
PY
	echo "ok: --report draws each ping reply over time and the RTT CDF, legend 'ping'"
fi

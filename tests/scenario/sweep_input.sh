#!/usr/bin/env bash
# nicsim sweep input: bad axes, sweep files and directories fail with exit
# status 2, a FILE:LINE (or the option) in the message and nothing
# written; ranges expand in fixed point; --repeat seeds follow the
# documented formula; a metric found in no point is warned about.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2014-ping.ini
bad() {	# bad EXPECTED-MESSAGE ARGS...: exit 2, message, no DIR
	local want=$1
	shift
	"$NICSIM" sweep "$@" --out "$T/bad" >/dev/null 2>"$T/err"
	local rc=$?
	[ $rc = 2 ] || fail "exit $rc, not 2, for: $*"
	grep -qF -- "$want" "$T/err" || fail "for $*: wanted '$want', got: $(cat "$T/err")"
	[ ! -e "$T/bad" ] || fail "DIR created for bad input: $*"
}
bad "--axis host.dut.ethtool.tx-frmes=1,2: host.dut.ethtool.tx-frmes=1: unknown key 'tx-frmes'" \
	"$f" --axis host.dut.ethtool.tx-frmes=1,2
bad "host.dut.ethtool.tx-frames=x: tx-frames: 'x' is not an integer" \
	"$f" --axis host.dut.ethtool.tx-frames=1,2,x
bad "host.dut.ethtool.tx-frames=16384: tx-frames must be between" \
	"$f" --axis host.dut.ethtool.tx-frames=16380:16390
bad "a range is LO:HI[:STEP]" "$f" --axis host.dut.ethtool.tx-frames=1ms:4
bad "LO <= HI" "$f" --axis host.dut.ethtool.tx-frames=4:1
bad "an empty value" "$f" --axis host.dut.ethtool.tx-frames=1,,2
bad "is already given" "$f" --axis sim.seed=1,2 --axis sim.seed=3
bad "--set app.ping.cont=3: unknown key" "$f" --set app.ping.cont=3
bad "--repeat must be an integer" "$f" --repeat 0
bad "unknown option '--axes'" "$f" --axes sim.seed=1
bad "No such file" "$T/none.ini"

cat >"$T/s.sweep" <<EOS
; a comment
scenario = $f
axis = host.dut.ethtool.tx-frames=1,2
axis = app.ping.interval=1s,2x
EOS
bad "$T/s.sweep:4: app.ping.interval=2x:" "$T/s.sweep"
printf 'scenario = %s\naxes = sim.seed=1\n' "$f" >"$T/s.sweep"
bad "$T/s.sweep:2: unknown key 'axes'" "$T/s.sweep"
printf 'axis = sim.seed=1\n' >"$T/s.sweep"
bad "no 'scenario = FILE' line" "$T/s.sweep"
printf 'scenario = %s\nset = app.ping.count=-1\n' "$f" >"$T/s.sweep"
bad "$T/s.sweep:2: app.ping.count=-1:" "$T/s.sweep"
mkdir -p "$T/full" && touch "$T/full/x"
"$NICSIM" sweep "$f" --out "$T/full" >/dev/null 2>"$T/err" && fail "non-empty DIR accepted"
grep -q "not a sweep directory" "$T/err" || fail "non-empty DIR: $(cat "$T/err")"
echo "ok: bad input is refused with exit 2 and where it was given, nothing written"

# a range in fixed point with its unit; a sweep file relative to itself
printf 'scenario = ../../scenarios/mvneta-2014-ping.ini\naxis = app.ping.interval=0.5s:2s:0.5s\nmetric = apps.ping.transmitted\n' \
	>"$T/r.sweep"
mkdir -p "$T/a/b" "$T/scenarios" && mv "$T/r.sweep" "$T/a/b/" && cp "$f" "$T/scenarios/"
"$NICSIM" sweep "$T/a/b/r.sweep" --out "$T/r" >/dev/null || fail "range sweep"
[ "$(cut -d, -f1 "$T/r/results.csv" | tr '\n' ' ')" = "app.ping.interval 0.5s 1.0s 1.5s 2.0s " ] ||
	fail "range: $(cat "$T/r/results.csv")"
echo "ok: 0.5s:2s:0.5s gives 0.5s 1.0s 1.5s 2.0s"

# --repeat: repeat 0 keeps the seed, repeat r the r-th splitmix64 output >> 1
"$NICSIM" sweep "$f" --axis sim.seed=1,7 --repeat 3 --metric apps.nothing --out "$T/rep" \
	>/dev/null 2>"$T/rep.err" || fail "repeat sweep"
grep -q "warning: metric apps.nothing is in no point's results" "$T/rep.err" || fail "no warning for a missing metric"
python3 - "$T/rep/results.csv" <<'PY' || fail "repeat seeds"
import csv, sys
M = (1 << 64) - 1
def seed(base, r):
    if r == 0:
        return base
    z = (base + r * 0x9e3779b97f4a7c15) & M
    z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & M
    z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & M
    return (z ^ (z >> 31)) >> 1
rows = list(csv.DictReader(open(sys.argv[1])))
assert list(rows[0]) == ['sim.seed', 'repeat', 'seed', 'sim.variation', 'apps.nothing'], list(rows[0])
assert all(r['sim.variation'] == 'on' for r in rows)
got = [(int(r['sim.seed']), int(r['repeat']), int(r['seed'])) for r in rows]
want = [(b, r, seed(b, r)) for b in (1, 7) for r in range(3)]
assert got == want, (got, want)
assert all(r['apps.nothing'] == '' for r in rows)
PY
echo "ok: --repeat seeds as documented; a missing metric is an empty column and a warning"

#!/usr/bin/env bash
# --trace: the CSV holds what the model did (ping story: wmem climbs one skb
# per second while no TX interrupt comes with tx-frames 16; every second
# request raises a TX interrupt that frees both with tx-frames 1), rows
# come where they should, tracing changes no result, bad input exits 2.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2014-ping.ini
p='app.ping.sock.*,host.dut.irq.tx,host.dut.irq.tx_per_s'
"$NICSIM" run "$f" -q --json "$T/a.json" >/dev/null || fail "run"
"$NICSIM" run "$f" -q --json "$T/b.json" --trace "$p" --trace-every change \
	--trace-out "$T/c16.csv" || fail "run --trace"
cmp -s "$T/a.json" "$T/b.json" || fail "tracing changed the results"
"$NICSIM" run "$f" -q --set host.dut.ethtool.tx-frames=1 --json "$T/one.json" \
	--trace "$p" --trace-every change --trace-out "$T/c1.csv" || fail "run tx-frames 1"
"$NICSIM" run "$f" -q --trace "$p" --trace-every 250ms --trace-out "$T/i.csv" || fail "interval"
python3 - "$T" <<'PY' || fail "trace contents"
import csv, json, sys
T = sys.argv[1]
def load(n):
    r = list(csv.reader(open(f"{T}/{n}")))
    return r[0], [[float(x) for x in row] for row in r[1:]]
h, rows = load("c16.csv")
assert h[:2] == ["time_s", "app.ping.sock.wmem_alloc"], h
c = {n: i for i, n in enumerate(h)}
d = json.load(open(f"{T}/a.json"))["apps"]["ping"]
wm = [r[c["app.ping.sock.wmem_alloc"]] for r in rows]
assert max(wm) == d["sk_wmem_alloc_peak"], (max(wm), d["sk_wmem_alloc_peak"])
assert all(b >= a for a, b in zip(wm, wm[1:])), "wmem fell without a TX interrupt"
assert rows[-1][c["app.ping.sock.skbs_held"]] == d["skbs_held_at_end"]
assert all(r[c["host.dut.irq.tx"]] == 0 for r in rows), "TX interrupt with tx-frames 16"
assert [r[0] for r in rows] == sorted(r[0] for r in rows) and rows[-1][0] == 60.0
h, rows = load("c1.csv")
c = {n: i for i, n in enumerate(h)}
one = json.load(open(f"{T}/one.json"))["apps"]["ping"]
# the NIC raises TX-done once sent > tx-frames: every second request
assert rows[-1][c["host.dut.irq.tx"]] == one["transmitted"] // 2 == 15, rows[-1]
assert max(r[c["app.ping.sock.skbs_held"]] for r in rows) == 2
for a, b in zip(rows, rows[1:]):	# each TX interrupt frees what was held
    if b[c["host.dut.irq.tx"]] > a[c["host.dut.irq.tx"]]:
        nxt = rows[rows.index(b) + 1]
        assert nxt[c["app.ping.sock.wmem_alloc"]] == 1, nxt
h, rows = load("i.csv")
assert [round(r[0], 9) for r in rows] == [i * 0.25 for i in range(241)], "interval rows"
PY
echo "ok: traces of the ping story (tx-frames 16 and 1) match the JSON"
# bad input: exit 2, the closest probe named, nothing written
cd "$T"
"$NICSIM" run "$f" -q --trace app.ping.sock.wmem 2>err && fail "bad pattern accepted"
[ $? = 2 ] && grep -q "did you mean 'app.ping.sock.wmem_alloc'" err || fail "bad pattern: $(cat err)"
"$NICSIM" run "$f" -q --trace all --trace-every 0 2>err; [ $? = 2 ] || fail "--trace-every 0"
"$NICSIM" run "$f" -q --trace all --trace-every 1ps 2>err; [ $? = 2 ] && grep -q "at most" err || fail "--trace-every 1ps: $(cat err)"
"$NICSIM" run "$f" -q --trace-out x.csv 2>err; [ $? = 2 ] || fail "--trace-out alone"
[ ! -e trace.csv ] && [ -z "$(ls -A | grep nicsim-tmp)" ] && [ ! -e x.csv ] || fail "a file was written on bad input"
echo "ok: bad trace options refused"
# the docs carry the catalogue as nicsim prints it
"$NICSIM" probes --markdown >"$T/p.md" || fail "nicsim probes"
python3 -c "import sys; sys.exit(open(sys.argv[1]).read() not in open(sys.argv[2]).read())" \
	"$T/p.md" "$SRC/docs/probes.md" || fail "docs/probes.md catalogue is stale: regenerate with nicsim probes --markdown"
echo "ok: docs/probes.md matches the catalogue"

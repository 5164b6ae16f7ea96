#!/usr/bin/env bash
# --report on a TCP run: the start-up (slow start, the first pacing rate)
# does not flatten a plot: an axis ends a tenth above its highest value
# after the first tenth of the run, the values above are marked and the page
# says so; the socket's send limit is sk_sndbuf (tcp_sendmsg's test), drawn
# without a value since autotuning grows it; interrupts too many to mark
# are drawn as their rate, and the page says so.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2014-iperf-timer.ini
command -v gnuplot >/dev/null || fail "gnuplot not installed (scripts/bootstrap installs gnuplot-nox)"
cd "$T"
"$NICSIM" run "$f" -q --report r || fail "run --report"
python3 - r <<'EOF' || fail "TCP page"
import csv, html, re, sys
d = sys.argv[1]
page = open(f"{d}/index.html").read()
figs = dict(re.findall(r'<figure id="([^"]+)">(.*?)</figure>', page, re.S))
for name, body in figs.items():
    assert re.search(r'<tr><td>[^<]+</td>', body), f"{name}: empty legend"
rate = figs["tcp_rate"]
note = re.search(r'<p class="note">The left axis ends at ([0-9.e+]+)[^<]*values up to ([0-9.e+]+)', rate)
assert note, "tcp_rate: no clipping note"
top, peak = float(note.group(1)), float(note.group(2))
rows = list(csv.reader(open(f"{d}/trace-0.csv")))
col = rows[0].index("app.iperf.tcp.pacing_rate")
vals = [(float(r[0]), float(r[col])) for r in rows[1:]]
end = vals[-1][0]
assert all(v < top for t, v in vals if t >= end / 10), "a late value above the axis"
assert max(v for _, v in vals) > 1.25 * top / 1.1 and top < peak, (top, peak)
svg = open(f"{d}/tcp_rate.svg").read()
assert "href='#gpPt8'" in svg, "no clipped points marked"
sock = [html.unescape(l) for l in re.findall(r'<tr><td>(.*?)</td>', figs["sock-iperf"])]
assert "send limit: sk_sndbuf" in sock, sock
irq = re.findall(r'<tr><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td>', figs["irq"])
rx = [n for l, p, n in irq if l == "RX interrupts per second (dut)" and p == "host.dut.irq.rx_per_s"]
assert rx and "drawn as a rate" in rx[0], irq
EOF
echo "ok: start-up clipped and said, TCP send limit, dense events as a rate"

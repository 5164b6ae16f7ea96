#!/usr/bin/env bash
# --report on 8 and 16 parallel connections and a ping, --compare'd
# pfifo_fast against fq_codel: the congestion windows are a plot of their
# own (tcp_window-snd_cwnd) whose legend names each connection as the
# results do (bulk.1 ..) and each run by its compared key; every series
# has its own colour and dash pair, a colour per connection shared by the
# runs, a dash pattern per run; every legend entry of every plot is in
# its image and inside it (nothing past the right or bottom edge); the
# page has a table
# of the connections' goodputs, each run's from its results; the ping
# RTT plot names both runs.
. "$(dirname "$0")/lib.inc"
command -v gnuplot >/dev/null || fail "gnuplot not installed (scripts/bootstrap installs gnuplot-nox)"
cat > "$T/s.ini" <<'INI'
[sim]
duration = 1s
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
parallel = 8
[app.ping]
type = ping
host = a
dest = b
interval = 0.1s
INI
cd "$T"
for n in 8 16; do
	"$NICSIM" run s.ini -q --set app.bulk.parallel=$n --report r$n \
		--compare host.a.qdisc=fq_codel || fail "run --report, $n connections"
	python3 - r$n $n <<'EOF' || fail "$n connections: the report"
import html, json, re, sys
d, n = sys.argv[1], int(sys.argv[2])
runs = ["qdisc default", "qdisc fq_codel"]
page = open(f"{d}/index.html").read()
res = [json.load(open(f"{d}/results-{i}.json")) for i in (0, 1)]
figs = dict(re.findall(r'<figure id="([^"]+)">(.*?)</figure>', page, re.S))
assert "tcp_window-snd_cwnd" in figs, sorted(figs)
labels = [html.unescape(l) for l in
          re.findall(r'<tr><td>(.*?)</td>', figs["tcp_window-snd_cwnd"])]
want = [f"snd_cwnd (bulk.{k}), {r}" for k in range(1, n + 1) for r in runs]
assert labels == want, labels
# the styles the script draws them with
gp = open(f"{d}/plots.gp").read().split("set output 'tcp_window-snd_cwnd.svg'")[1]
gp = gp.split("unset multiplot")[0]
style = {html.unescape(t): (c, int(dt)) for c, dt, t in
         re.findall(r"lc rgb '(#[0-9a-f]{6})' dt (\d+) axes x1y1 title '([^']*)'", gp)}
assert sorted(style) == sorted(want), sorted(style)
assert len(set(style.values())) == 2 * n, "two series share a colour and dash"
for k in range(1, n + 1):
    a, b = (style[f"snd_cwnd (bulk.{k}), {r}"] for r in runs)
    assert a[0] == b[0] and a[1] == 1 and b[1] == 2, (k, a, b)
assert len({c for c, _ in style.values()}) == n, "a colour for two connections"
# every legend entry of every plot in its image, inside it (a character
# is taken as 0.6 of the font size wide)
for name, body in figs.items():
    svg = open(f"{d}/{name}.svg").read()
    w, h = map(float, re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
    at = {}
    for x, y, attrs, t in re.findall(
            r'translate\(([\d.]+),([\d.]+)\)([^>]*)>\s*<text>([^<]*)</text>', svg):
        t, x = html.unescape(t), float(x)
        size = float(re.search(r'font-size="([\d.]+)"', attrs).group(1))
        wide = 0.6 * size * len(t)
        left = x - wide if 'anchor="end"' in attrs else x - wide / 2 if 'anchor="middle"' in attrs else x
        at[t] = (left, left + wide, float(y))
    for l in (html.unescape(l) for l in re.findall(r'<tr><td>(.*?)</td>', body)):
        assert l in at, f"{name}: '{l}' not in the image"
        left, right, y = at[l]
        assert left >= 0 and right <= w and y <= h, (name, l, at[l], w, h)
# the connections' goodputs, a column per run
t = re.search(r'<table class="connections" id="connections-bulk">(.*?)</table>', page, re.S)
assert t, "no table of the connections"
rows = re.findall(r'<tr><th>(bulk\.\d+)</th>(.*?)</tr>', t.group(1))
assert [r[0] for r in rows] == [f"bulk.{k}" for k in range(1, n + 1)], rows
for k, (name, cells) in enumerate(rows):
    got = [float(c) for c in re.findall(r'>([0-9.]+)</td>', cells)[:2]]
    exp = [r["apps"]["bulk"]["streams"][k]["goodput_mbps"] for r in res]
    assert all(abs(g - e) <= 1e-3 * max(e, 1) for g, e in zip(got, exp)), (name, got, exp)
# the ping RTT plot names both runs
rtt = [html.unescape(l) for l in re.findall(r'<tr><td>(.*?)</td>', figs["rtt"])]
assert all(any(r in l for l in rtt) for r in runs), rtt
EOF
	echo "ok: $n connections, each its own style, named as in the results; runs named"
done

#!/usr/bin/env bash
# --report: the ping story's page (tx-frames 16 against 1) tells it in
# words: every plot has a legend in words (no probe paths) that the image
# carries, the socket plot draws the send limit the model tests (2 x
# sk_sndbuf) and marks each ENOBUFS and each TX-done interrupt at its time
# (as many as the results count), the TX-done series that stays at zero is
# kept, and a table puts the runs' headline metrics side by side. The page
# renders in headless Chromium (screenshot) with no console error, every
# link on it resolves, the page is the same for the same runs, and a
# failed report leaves the previous one untouched.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2014-ping.ini
command -v chromium >/dev/null || fail "chromium not installed (scripts/bootstrap --check installs it)"
command -v gnuplot >/dev/null || fail "gnuplot not installed (scripts/bootstrap installs gnuplot-nox)"
cd "$T"
"$NICSIM" run "$f" -q --report r --compare host.dut.ethtool.tx-frames=1 || fail "run --report"
for x in index.html sock-ping.svg sock-ping.png plots.gp trace-0.csv trace-1.csv \
	events-0.csv events-1.csv results-0.json results-1.json; do
	[ -s "r/$x" ] || fail "r/$x missing"
done
grep -q "<h2>Validation" r/index.html || fail "no validation rows on the page"
python3 - r <<'EOF' || fail "the page does not tell the story in words"
import html, json, re, sys
d = sys.argv[1]
page = open(f"{d}/index.html").read()
res = [json.load(open(f"{d}/results-{i}.json")) for i in (0, 1)]
figs = re.findall(r'<figure id="([^"]+)">(.*?)</figure>', page, re.S)
assert len(figs) >= 4, [f for f, _ in figs]
legends = {}
for name, body in figs:
    svg = open(f"{d}/{name}.svg").read()
    assert "<svg" in body, f"{name}: no inline SVG"
    rows = re.findall(r'<tr><td>(.*?)</td><td>(.*?)</td>', body, re.S)
    labels = [html.unescape(l).strip() for l, _ in rows]
    assert labels and all(labels), f"{name}: empty legend"
    texts = {html.unescape(t) for t in re.findall(r'<text[^>]*>(.*?)</text>', svg, re.S)}
    for l in labels:
        assert l in texts, f"{name}: legend '{l}' not in the image"
        assert not re.search(r'\b(app|host|link)\.[a-z0-9_-]+\.', l), f"{name}: probe path in '{l}'"
    legends[name] = labels
sock = legends["sock-ping"]
ping = [r["apps"]["ping"] for r in res]
for want in ("sk_wmem_alloc, tx-frames 16", "sk_wmem_alloc, tx-frames 1",
             f"send limit: 2 x sk_sndbuf = {ping[0]['enobufs_limit']} bytes",
             f"ENOBUFS, tx-frames 16: {ping[0]['enobufs']}",
             "TX-done interrupts, tx-frames 16: none (zero throughout)",
             f"TX-done interrupts, tx-frames 1: {res[1]['hosts']['dut']['nic']['irqs_tx_done']}"):
    assert want in sock, (want, sock)
assert ping[0]["enobufs_limit"] == 2 * ping[0]["sk_sndbuf"]
# the marks: one per ENOBUFS (tx-frames 16), one per TX-done interrupt (1)
svg = open(f"{d}/sock-ping.svg").read()
def marks(group):
    g = svg.split(f'id="{group}"')[1].split("\n\t</g>")[0]
    return sum(p.count("M") for p in re.findall(r"d='([^']*)'", g))
assert marks("gnuplot_plot_1b") == ping[0]["enobufs"] == 43, marks("gnuplot_plot_1b")
assert marks("gnuplot_plot_2b") == res[1]["hosts"]["dut"]["nic"]["irqs_tx_done"] == 15
ev = [l for l in open(f"{d}/events-0.csv") if ",app.ping.ping.enobufs," in l]
assert len(ev) == ping[0]["enobufs"], len(ev)
# the headline metrics: a column per run, the ENOBUFS row
t = re.search(r'<table class="metrics">(.*?)</table>', page, re.S).group(1)
head = re.findall(r'<th>(.*?)</th>', t.split("</tr>")[0])
assert head == ["metric", "tx-frames 16", "tx-frames 1"], head
row = re.search(r'<th>ping: ENOBUFS[^<]*</th>(.*?)</tr>', t).group(1)
assert re.findall(r'>([^<]*)</td>', row) == ["43", "0"], row
EOF
echo "ok: legends in words, the send limit, the marks, the zero series, the metrics table"
"$NICSIM" run "$f" -q --report r2 --compare host.dut.ethtool.tx-frames=1 || fail "second report"
cmp -s r/index.html r2/index.html || fail "same runs, different page"
echo "ok: report written, same page for the same runs"
timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
	--disable-component-update --disable-sync --no-first-run --user-data-dir="$T/u" \
	--enable-logging=stderr --v=0 --dump-dom "file://$T/r/index.html" >dom 2>log ||
	fail "chromium failed: $(tail -3 log)"
n=$(grep -oiE '<(svg|img)[ >]' dom | wc -l)
[ "$n" -ge 4 ] || fail "Chromium rendered $n plots, want >= 4"
grep -E 'CONSOLE|Uncaught|Failed to load' log && fail "console errors on the page"
python3 - dom r <<'EOF' || fail "a link on the page does not resolve"
import os, re, sys
dom, d = open(sys.argv[1]).read(), sys.argv[2]
links = re.findall(r'href="([^"#:]+)"', dom)
assert links, "no links"
missing = [l for l in links if not os.path.isfile(os.path.join(d, l))]
assert not missing, missing
EOF
echo "ok: Chromium renders $n plots, no console error, every link resolves"
timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
	--disable-component-update --disable-sync --no-first-run --user-data-dir="$T/u" \
	--hide-scrollbars --window-size=1100,3000 --screenshot="$T/page.png" \
	"file://$T/r/index.html" >/dev/null 2>&1 || fail "chromium screenshot failed"
[ "$(head -c 8 page.png | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] &&
	[ "$(stat -c %s page.png)" -gt 20000 ] || fail "the screenshot is empty"
echo "ok: Chromium screenshot of the page"
# a bad --compare: exit 2, the previous report intact, nothing partial left
before=$(md5sum r/index.html)
"$NICSIM" run "$f" -q --report r --compare host.dut.ethtool.tx-frame=1 2>err && fail "bad --compare accepted"
[ $? = 2 ] || fail "bad --compare: want exit 2"
grep -q "tx-frames" err || fail "no closest key in: $(cat err)"
[ "$(md5sum r/index.html)" = "$before" ] && [ ! -e r.partial ] || fail "a failed report touched the old one"
echo "ok: a failed report leaves the previous one as it was"

#!/usr/bin/env bash
# --report: the ping story's page (tx-frames 16 against 1) renders in
# headless Chromium with its plots and no console error, every link on it
# resolves, the page is the same for the same runs, and a failed report
# leaves the previous one untouched.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2014-ping.ini
command -v chromium >/dev/null || fail "chromium not installed (scripts/bootstrap installs it)"
command -v gnuplot >/dev/null || fail "gnuplot not installed (scripts/bootstrap installs gnuplot-nox)"
cd "$T"
"$NICSIM" run "$f" -q --report r --compare host.dut.ethtool.tx-frames=1 || fail "run --report"
for x in index.html sock.svg sock.png plots.gp trace-0.csv trace-1.csv results-0.json results-1.json; do
	[ -s "r/$x" ] || fail "r/$x missing"
done
grep -q "as written: app.ping.sock.wmem_alloc" r/sock.svg || fail "sock plot lacks the tx-frames 16 wmem line"
grep -q "tx-frames=1: host.dut.irq.tx" r/sock.svg || fail "sock plot lacks the tx-frames 1 TX interrupt line"
grep -q "<h2>Validation" r/index.html || fail "no validation rows on the page"
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
python3 - dom r <<'PY' || fail "a link on the page does not resolve"
import os, re, sys
dom, d = open(sys.argv[1]).read(), sys.argv[2]
links = re.findall(r'href="([^"#:]+)"', dom)
assert links, "no links"
missing = [l for l in links if not os.path.isfile(os.path.join(d, l))]
assert not missing, missing
PY
echo "ok: Chromium renders $n plots, no console error, every link resolves"
# a bad --compare: exit 2, the previous report intact, nothing partial left
before=$(md5sum r/index.html)
"$NICSIM" run "$f" -q --report r --compare host.dut.ethtool.tx-frame=1 2>err && fail "bad --compare accepted"
[ $? = 2 ] || fail "bad --compare: want exit 2"
grep -q "tx-frames" err || fail "no closest key in: $(cat err)"
[ "$(md5sum r/index.html)" = "$before" ] && [ ! -e r.partial ] || fail "a failed report touched the old one"
echo "ok: a failed report leaves the previous one as it was"

#!/usr/bin/env bash
# --report legends name each run by the keys the --compares set, with the
# value each run has: the base's as written in the scenario or a --set,
# "default" where neither sets it; a key is shortened to its last segment
# when that is unambiguous.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2014-ping.ini
command -v gnuplot >/dev/null || fail "gnuplot not installed (scripts/bootstrap installs gnuplot-nox)"
cd "$T"
"$NICSIM" run "$f" -q --set host.dut.ethtool.tx-frames=8 --report r \
	--compare 'host.dut.ethtool.tx-frames=1 app.ping.count=10' --compare app.ping.size=100 ||
	fail "run --report"
python3 - r <<'EOF' || fail "runs not named by their compared keys"
import re, sys
page = open(f"{sys.argv[1]}/index.html").read()
t = re.search(r'<table class="metrics">(.*?)</table>', page, re.S).group(1)
head = re.findall(r'<th>(.*?)</th>', t.split("</tr>")[0])
want = ["metric", "tx-frames 8, count 30, size default", "tx-frames 1, count 10, size default",
        "tx-frames 8, count 30, size 100"]
assert head == want, head
svg = open(f"{sys.argv[1]}/sock-ping.svg").read()
for w in want[1:]:
    assert f"<text>sk_wmem_alloc, {w}</text>" in svg, w
EOF
echo "ok: runs named by their compared keys, the base's values as written"

#!/usr/bin/env bash
# nicsim calibrate on a synthetic case: rows produced by nicsim itself at
# known costs (file_read_x16 = 100, sendpage = 20000 on the http
# scenario), fitted from other starting values. The fit recovers both
# within 2 % with every row inside its band (exit 0); -j 1 and -j 2 write
# the same bytes; each sensitivity edge is a band edge (a run there keeps
# every row inside, one integer beyond puts one outside); the fitted.ini
# applied with --include gives the fitted figures.
. "$(dirname "$0")/lib.inc"
scn=$SRC/scenarios/mvneta-2013-http.ini
base="sim.duration=500ms host.dut.tx_reclaim=rx-poll app.http.size=8KiB"
truth="host.dut.cost.file_read_x16=100 host.dut.cost.sendpage=20000"
figures() {	# figures MODE SETS...: goodput sy si of one run
	local mode=$1 a=() s
	shift
	for s in $base app.http.mode=$mode "$@"; do a+=(--set "$s"); done
	"$NICSIM" run "$scn" -q "${a[@]}" --json "$T/f.json" || fail "run $mode $*"
	jget "$T/f.json" "d['apps']['http']['goodput_mbps'], d['hosts']['dut']['cpus'][0]['busy_pct']['sy'], d['hosts']['dut']['cpus'][0]['busy_pct']['si']" |
		tr -d '(),'
}
read -r wg wsy _ <<<"$(figures write $truth)"
read -r sg ssy _ <<<"$(figures sendfile $truth)"
cat >"$T/syn.ini" <<EOC
[calibrate]
scenario = $scn

[param.read]
host = dut
key = file_read_x16
min = 20
max = 500
start = 140

[param.page]
host = dut
key = sendpage
min = 2000
max = 60000
start = 14000

[row.Wg]
metric = apps.http.goodput_mbps
value = $wg
tolerance = 3%
set = $base app.http.mode=write

[row.Wsy]
metric = hosts.dut.cpus.0.busy_pct.sy
value = $wsy
tolerance = 3%
set = $base app.http.mode=write

[row.Sg]
metric = apps.http.goodput_mbps
value = $sg
tolerance = 3%
set = $base app.http.mode=sendfile

[row.Ssy]
metric = hosts.dut.cpus.0.busy_pct.sy
value = $ssy
tolerance = 3%
set = $base app.http.mode=sendfile
EOC
"$NICSIM" calibrate "$T/syn.ini" --out "$T/a" -j 2 >"$T/out" 2>"$T/err"
rc=$?
[ $rc = 0 ] || fail "calibrate -j 2: exit $rc: $(cat "$T/out" "$T/err")"
grep -q "4 of 4 rows inside their bands" "$T/out" || fail "summary: $(cat "$T/out")"
grep -q "rows outside their bands: none" "$T/a/report.txt" || fail "report: $(cat "$T/a/report.txt")"
[ ! -s "$T/err" ] || fail "progress or noise on a non-terminal stderr: $(cat "$T/err")"
read_v=$(sed -n 's/^file_read_x16 = //p' "$T/a/fitted.ini")
page_v=$(sed -n 's/^sendpage = //p' "$T/a/fitted.ini")
python3 -c "import sys; r, p = int(sys.argv[1]), int(sys.argv[2]); sys.exit(not (abs(r/100-1) <= .02 and abs(p/20000-1) <= .02))" \
	"$read_v" "$page_v" || fail "fitted file_read_x16=$read_v sendpage=$page_v, not within 2% of 100, 20000"

"$NICSIM" calibrate "$T/syn.ini" --out "$T/b" -j 1 >/dev/null 2>&1 || fail "calibrate -j 1"
for f in fitted.ini report.txt; do
	cmp -s "$T/a/$f" "$T/b/$f" || fail "$f differs between -j 2 and -j 1"
done

# Sensitivity edges against runs: inside at the edge, outside one beyond.
inside() {	# inside READ PAGE: every row inside its 3% band?
	local g sy g2 sy2
	read -r g sy _ <<<"$(figures write host.dut.cost.file_read_x16=$1 host.dut.cost.sendpage=$2)"
	read -r g2 sy2 _ <<<"$(figures sendfile host.dut.cost.file_read_x16=$1 host.dut.cost.sendpage=$2)"
	python3 -c "import sys; v = [float(x) for x in sys.argv[1:]]; f, w = v[:4], v[4:]
sys.exit(not all(abs(a - b) <= .03 * abs(b) for a, b in zip(f, w)))" \
		"$g" "$sy" "$g2" "$sy2" "$wg" "$wsy" "$sg" "$ssy"
}
edges=$(grep '^page ' "$T/a/report.txt" | grep -oE '[0-9]+ \([+-][0-9.]+%\)' | cut -d' ' -f1 | tr '\n' ' ')
read -r lo hi <<<"$edges"
[ -n "$lo" ] && [ -n "$hi" ] || fail "no sensitivity in: $(cat "$T/a/report.txt")"
inside "$read_v" "$lo" || fail "sendpage=$lo (the lower edge) puts a row outside"
inside "$read_v" "$hi" || fail "sendpage=$hi (the upper edge) puts a row outside"
[ "$lo" = 2000 ] || ! inside "$read_v" $((lo - 1)) || fail "sendpage=$((lo - 1)), beyond the lower edge, keeps every row inside"
[ "$hi" = 60000 ] || ! inside "$read_v" $((hi + 1)) || fail "sendpage=$((hi + 1)), beyond the upper edge, keeps every row inside"

# --include: the fitted values as a fragment give the fitted figures.
"$NICSIM" run "$scn" -q --include "$T/a/fitted.ini" --set sim.duration=500ms \
	--set host.dut.tx_reclaim=rx-poll --set app.http.mode=write --set app.http.size=8KiB --json "$T/i.json" || fail "run --include"
g=$(jget "$T/i.json" "d['apps']['http']['goodput_mbps']")
grep -q "^Wg .* $g " "$T/a/report.txt" || grep -qE "^Wg +apps.http.goodput_mbps +$g " "$T/a/report.txt" ||
	fail "run --include fitted.ini: goodput $g, not the report's: $(grep ^Wg "$T/a/report.txt")"
echo ok

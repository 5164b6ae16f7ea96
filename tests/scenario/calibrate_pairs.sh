#!/usr/bin/env bash
# nicsim calibrate with [calibrate] pairs: a scenario's [pair.ID] sections
# are constraints of the fit. On a short http scenario with one free cost
# (sendpage) and two rows: a pair the model meets (sendfile over mmap
# writes, up 1.2) holds and the fit exits 0; with a pair no cost can meet
# added (up 10000), the fit exits 1, names it on stdout and in
# report.txt, and still writes fitted.ini. A pair the loader cannot take
# (a `before`, a summed metric) is refused before any run: exit 2 and
# FILE:LINE.
. "$(dirname "$0")/lib.inc"
scn() {	# scn CHANGE2: the http scenario, 300 ms, its rows dropped, two pairs
	sed 's/^duration = 10s/duration = 300ms/' "$SRC/scenarios/mvneta-2013-http.ini" |
		sed '/^\[expect\./,$d'
	cat <<EOS
[pair.X1]
observation = sendfile over 4 MiB writes from a mapping
published = faster
metric = apps.http.goodput_mbps
after = app.http.mode=sendfile app.http.size=8KiB host.dut.tx_reclaim=rx-poll
change = up 1.2
EOS
	[ -n "$1" ] && cat <<EOS

[pair.X2]
observation = a change no cost can give
published = x10000
metric = apps.http.goodput_mbps
after = host.dut.tx_reclaim=rx-poll
change = $1
EOS
}
cal() {	# cal SCENARIO: the calibration file
	cat <<EOC
[calibrate]
scenario = $1
iterations = 3
pairs = $1

[param.page]
host = dut
key = sendpage
min = 2000
max = 60000
start = 14000

[row.Sg]
metric = apps.http.goodput_mbps
value = 800
tolerance = 10%
set = app.http.mode=sendfile app.http.size=8KiB

[row.Ssy]
metric = hosts.dut.cpus.0.busy_pct.sy
value = 60
tolerance = 10
set = app.http.mode=sendfile app.http.size=8KiB
EOC
}
scn "" >"$T/ok.ini"; cal "$T/ok.ini" >"$T/ok-cal.ini"
"$NICSIM" calibrate "$T/ok-cal.ini" --out "$T/a" -j 2 >"$T/out" 2>"$T/err"
rc=$?
[ $rc = 0 ] || fail "a pair that holds: exit $rc: $(cat "$T/out" "$T/err" "$T/a/report.txt" 2>/dev/null)"
grep -q "; 1 of 1 published changes hold$" "$T/out" || fail "summary: $(cat "$T/out")"
grep -qE "^X1 .* holds$" "$T/a/report.txt" || fail "report: $(cat "$T/a/report.txt")"

scn "up 10000" >"$T/bad.ini"; cal "$T/bad.ini" >"$T/bad-cal.ini"
"$NICSIM" calibrate "$T/bad-cal.ini" --out "$T/b" -j 2 >"$T/out" 2>"$T/err"
rc=$?
[ $rc = 1 ] || fail "a pair no cost meets: exit $rc, not 1: $(cat "$T/out" "$T/err")"
grep -q "1 of 2 published changes hold (broken: X2)" "$T/out" || fail "summary: $(cat "$T/out")"
grep -qE "^X2 .* BROKEN$" "$T/b/report.txt" || fail "report: $(cat "$T/b/report.txt")"
grep -q "published changes the fit breaks: X2$" "$T/b/report.txt" || fail "report's list: $(cat "$T/b/report.txt")"
[ -s "$T/b/fitted.ini" ] || fail "no fitted.ini beside a broken pair"

# refused at load: a pair with a before run, a summed metric
for bad in "before = host.dut.tx_reclaim=rx-poll" "metric = apps.http.goodput_mbps+apps.http.goodput_mbps"; do
	{ scn ""; printf '\n[pair.X3]\nobservation = o\npublished = p\nafter = app.http.mode=sendfile\nchange = up 2\n%s\n' "$bad"
	  case $bad in metric*) ;; *) echo "metric = apps.http.goodput_mbps" ;; esac; } >"$T/ref.ini"
	cal "$T/ref.ini" >"$T/ref-cal.ini"
	"$NICSIM" calibrate "$T/ref-cal.ini" --out "$T/c" >"$T/out" 2>"$T/err"
	rc=$?
	[ $rc = 2 ] || fail "$bad: exit $rc, not 2"
	grep -q "ref-cal.ini:4: pairs: .*\[pair.X3\]" "$T/err" || fail "$bad: message: $(cat "$T/err")"
	[ ! -e "$T/c" ] || fail "$bad: --out written"
done
echo "ok: pairs hold, break (exit 1, named) and are refused (exit 2) as they should"

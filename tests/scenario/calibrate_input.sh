#!/usr/bin/env bash
# nicsim calibrate and --include on bad input: exit 2, FILE:LINE and the
# closest valid name in the message, nothing written; a row the fit
# cannot bring in: exit 1 and the row listed; --out refuses a directory
# nicsim did not write.
. "$(dirname "$0")/lib.inc"
scn=$SRC/scenarios/mvneta-2013-http.ini
good() {	# a valid file with N rows (default 2)
	printf '[calibrate]\nscenario = %s\n\n[param.page]\nhost = dut\nkey = sendpage\nmin = 2000\nmax = 60000\n' "$scn"
	for i in $(seq "${1:-2}"); do
		printf '\n[row.R%d]\nmetric = apps.http.goodput_mbps\nvalue = 800\ntolerance = 5%%\nset = sim.duration=100ms\n' "$i"
	done
}
bad() {	# bad EXPECTED-MESSAGE: $T/c.ini fails with it, writes nothing
	"$NICSIM" calibrate "$T/c.ini" --out "$T/out" >/dev/null 2>"$T/err"
	local rc=$?
	[ $rc = 2 ] || fail "exit $rc, not 2, for '$1': $(cat "$T/err")"
	grep -qF -- "$1" "$T/err" || fail "wanted '$1', got: $(cat "$T/err")"
	[ ! -e "$T/out" ] || fail "DIR written for bad input ($1)"
}
good | sed 's/^\[calibrate\]/[calibrat]/' >"$T/c.ini"
bad "$T/c.ini:1: unknown section [calibrat]; did you mean [calibrate]?"
good | sed 's/^\[param.page\]/[parm.page]/' >"$T/c.ini"
bad "$T/c.ini:4: unknown section [parm.page]; did you mean [param.NAME]?"
good | sed 's/^min = 2000/mni = 2000/' >"$T/c.ini"
bad "$T/c.ini:7: unknown key 'mni' in [param.page]; did you mean 'min'?"
good | sed 's/^metric = /metirc = /' >"$T/c.ini"
bad "$T/c.ini:11: unknown key 'metirc' in [row.R1]; did you mean 'metric'?"
good | sed 's/^tolerance = 5%/tolerance = x/' >"$T/c.ini"
bad "$T/c.ini:13: tolerance: 'x' is not a tolerance"
good 1 >"$T/c.ini"
bad "$T/c.ini:4: 1 free parameters for 1 rows: at most 0 (half the rows)"
good 3 | sed 's/^max = 60000/max = 1000/' >"$T/c.ini"
bad "$T/c.ini:4: [param.page]: min 2000 is not below max 1000"
good | sed 's/^key = sendpage/key = sendpag/' >"$T/c.ini"
bad "$T/c.ini:4: [param.page]: --set host.dut.cost.sendpag=10954: unknown key 'sendpag'"
good | sed 's/^metric = apps.http.goodput_mbps/metric = apps.http.goodput/' >"$T/c.ini"
bad "$T/c.ini:10: [row.R1]: metric 'apps.http.goodput' is not a number in the results"
good | sed '/^value = /d' >"$T/c.ini"
bad "$T/c.ini:10: [row.R1] needs 'value'"
good | sed 's/^value = .*/value = 0/' >"$T/c.ini"
bad "$T/c.ini:10: [row.R1] needs a positive 'value' (the fit compares logarithms; only a 'compare = difference' row may target 0 or less)"

# A row no parameter can bring in (5 Gbit/s on a 1 Gbit/s link): exit 1,
# the row listed outside, the outputs written.
good | sed '0,/^value = 800/s//value = 5000/' | sed 's/^\[calibrate\]/[calibrate]\niterations = 5/' >"$T/c.ini"
"$NICSIM" calibrate "$T/c.ini" --out "$T/o1" >"$T/out" 2>"$T/err"
rc=$?
[ $rc = 1 ] || fail "an unreachable row: exit $rc, not 1: $(cat "$T/out" "$T/err")"
grep -q "^rows outside their bands: R1 R2\$" "$T/o1/report.txt" && grep -q "^R1 .* OUTSIDE\$" "$T/o1/report.txt" ||
	fail "R1 not reported outside: $(cat "$T/o1/report.txt")"
grep -q "0 of 2 rows inside" "$T/out" || fail "summary: $(cat "$T/out")"
grep -q "^page .* - *- *\$" "$T/o1/report.txt" || fail "a sensitivity with no row inside: $(grep ^page "$T/o1/report.txt")"

# A factor over several keys: an unknown key names the closest cost; a
# host the scenario lacks is refused.
rm -f "$T/out"
good | sed 's/^key = sendpage/keys = irq softirqq/; s/^min = 2000/min = 0.5/; s/^max = 60000/max = 2/' >"$T/c.ini"
bad "$T/c.ini:4: [param.page]: keys: 'softirqq' is not a cost; did you mean 'softirq'?"
good | sed 's/^key = sendpage/keys = irq softirq/; s/^host = dut/host = dutt/; s/^min = 2000/min = 0.5/; s/^max = 60000/max = 2/' >"$T/c.ini"
bad "$T/c.ini:4: [param.page]: no host 'dutt' in $scn"

# A factor and a difference row: fitted.ini holds each key scaled from
# the scenario's value (irq 2214, softirq 443 on the Armada 370), the
# report the factor; the row's figure is the CPU difference.
good 3 | sed 's/^key = sendpage/keys = irq softirq/; s/^min = 2000/min = 0.5/; s/^max = 60000/max = 2/' |
	sed 's/^\[calibrate\]/[calibrate]\niterations = 2/' >"$T/c.ini"
printf '\n[row.D]\nmetric = hosts.dut.cpu_busy_pct\nvalue = 0\ntolerance = 2\ncompare = difference\nset = sim.duration=100ms\nbaseline = host.dut.ethtool.tx-frames=16\n' >>"$T/c.ini"
"$NICSIM" calibrate "$T/c.ini" --out "$T/of" >"$T/stdout" 2>"$T/err"
[ $? -le 1 ] || fail "factor and difference row: $(cat "$T/err")"
f=$(awk '/^; page: x/ {print $3}' "$T/of/fitted.ini")
irq=$(awk '$1 == "irq" {print $3}' "$T/of/fitted.ini")
sirq=$(awk '$1 == "softirq" {print $3}' "$T/of/fitted.ini")
[ -n "$f" ] && [ "$irq" = "$(python3 -c "print(round(2214*${f#x}))")" ] &&
	[ "$sirq" = "$(python3 -c "print(round(443*${f#x}))")" ] ||
	fail "factor $f: irq $irq, softirq $sirq: $(cat "$T/of/fitted.ini")"
grep -q "^page .*host.dut.cost.{irq,softirq}" "$T/of/report.txt" &&
	grep -q "^page x.*: irq 2214 -> $irq, softirq 443 -> $sirq\$" "$T/of/report.txt" ||
	fail "report of a factor: $(cat "$T/of/report.txt")"
grep -q "^D  *hosts.dut.cpu_busy_pct " "$T/of/report.txt" || fail "row D: $(cat "$T/of/report.txt")"

# require: a row whose run (or baseline run) did not do its work is
# outside whatever its figure, and the report says why.
sed 's/^baseline = /require = apps.http.goodput_mbps>=100000\nbaseline = /' "$T/c.ini" >"$T/r.ini"
"$NICSIM" calibrate "$T/r.ini" --out "$T/or" >"$T/stdout" 2>"$T/err"
[ $? = 1 ] && grep -q "^D  .* OUTSIDE (a run failed its require)\$" "$T/or/report.txt" ||
	fail "an unmet require: $(cat "$T/err" "$T/or/report.txt")"

# --out: a directory nicsim did not write is refused before any run.
good >"$T/c.ini"
mkdir "$T/mine" && echo precious >"$T/mine/f"
"$NICSIM" calibrate "$T/c.ini" --out "$T/mine" >/dev/null 2>"$T/err"
[ $? = 2 ] || fail "--out over a user's directory: not exit 2"
[ "$(ls -A "$T/mine")" = f ] && [ "$(cat "$T/mine/f")" = precious ] || fail "user's directory touched"

# --include: only [host.NAME.cost] of the scenario's hosts, known keys.
printf '[host.dut.cost]\nsendpage = 20000\n[sim]\nduration = 1s\n' >"$T/i.ini"
"$NICSIM" run "$scn" -q --include "$T/i.ini" 2>"$T/err"
[ $? = 2 ] && grep -qF "$T/i.ini:3: an included file holds only [host.NAME.cost] sections" "$T/err" ||
	fail "--include [sim]: $(cat "$T/err")"
printf '[host.dutt.cost]\nsendpage = 20000\n' >"$T/i.ini"
"$NICSIM" validate "$scn" --include "$T/i.ini" >/dev/null 2>"$T/err"
[ $? = 2 ] && grep -qF "$T/i.ini:1: the scenario has no host 'dutt'; did you mean 'dut'?" "$T/err" ||
	fail "--include unknown host: $(cat "$T/err")"
printf '[host.dut.cost]\nsendpag = 20000\n' >"$T/i.ini"
"$NICSIM" run "$scn" -q --include "$T/i.ini" 2>"$T/err"
[ $? = 2 ] && grep -qF "$T/i.ini:2: unknown key 'sendpag'" "$T/err" && grep -qF "sendpage" "$T/err" ||
	fail "--include unknown key: $(cat "$T/err")"
echo ok

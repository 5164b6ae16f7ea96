#!/usr/bin/env bash
# [pair.ID]: a published before -> after change, reproduced in direction
# and at least the square root of its factor, or gone. A pair that holds
# passes and counts in the headline; one too small fails with why; a bad
# change or after is refused at FILE:LINE, exit 2; a run that misses the
# pair's require fails it with the reason. Short pings: well under a
# second of CPU per run.
. "$(dirname "$0")/lib.inc"
base() {
	cat <<'INI'
[sim]
duration = 5s
[link]
rate = 1Gbit
[host.a]
[host.b]
[app.ping]
type = ping
host = a
dest = b
count = 2
interval = 1s
INI
}
# 1. up 3 needs x1.73: 2 -> 4 pings passes; up 5 needs x2.24: fails with why
{ base; printf '[expect.R]\nmetric = apps.ping.transmitted\nvalue = 2\n'
  printf '[pair.U]\nobservation = more pings\npublished = 2 -> 4\nmetric = apps.ping.transmitted\nafter = app.ping.count=4\nchange = up 3\nrequire = apps.ping.received==apps.ping.transmitted\n'
  printf '[pair.S]\nobservation = too small a rise\nmetric = apps.ping.transmitted\nafter = app.ping.count=4\nchange = up 5\n'
  printf '[pair.N]\nobservation = with a note\nmetric = apps.ping.transmitted\nafter = app.ping.count=4\nchange = up 5\nnote = the model falls short: see docs\n'
  printf '[pair.D]\nobservation = fewer pings\nmetric = apps.ping.transmitted\nbefore = app.ping.count=4\nafter = app.ping.count=1\nchange = down 10\n'; } >"$T/p.ini"
"$NICSIM" validate "$T/p.ini" >"$T/o1" 2>&1; rc=$?
cat "$T/o1"
[ $rc = 1 ] || fail "validate exit $rc, expected 1 (pairs fail)"
grep -qx 'published changes' "$T/o1" || fail "no 'published changes' table"
# the pairs come after every row
[ "$(grep -n '^R ' "$T/o1" | cut -d: -f1)" -lt "$(grep -n '^published changes$' "$T/o1" | cut -d: -f1)" ] ||
	fail "the pairs table is not after the rows"
grep -qE '^U +more pings +2 -> 4 +2 -> 4 +up 3 \(>= 1\.73\) +2 pass$' "$T/o1" || fail "pair U does not pass as 2 -> 4, factor 2"
grep -qE '^S .* 2 -> 4 +up 5 \(>= 2\.24\) +2 FAIL$' "$T/o1" || fail "pair S (too small) does not fail"
grep -A1 -E '^S ' "$T/o1" | grep -qE '^ +why: apps.ping.transmitted changes by a factor of 2 in the published direction, less than 2\.24$' ||
	fail "pair S's why does not give the factor and the threshold"
grep -A1 -E '^N ' "$T/o1" | grep -qxE ' +why: the model falls short: see docs' || fail "pair N's why is not its note"
grep -qE '^D .* 4 -> 1 +down 10 \(>= 3\.16\) +4 pass$' "$T/o1" || fail "pair D (down) does not pass"
grep -qxF '1 of 1 published figures reproduced (0 more used for calibration)' "$T/o1" || fail "rows headline: $(tail -2 "$T/o1")"
grep -qxF '2 of 4 published changes reproduced' "$T/o1" || fail "pairs headline: $(tail -1 "$T/o1")"
# a file whose pairs all pass exits 0
{ base; printf '[pair.U]\nmetric = apps.ping.transmitted\nafter = app.ping.count=4\nchange = up 3\n'; } >"$T/ok.ini"
"$NICSIM" validate "$T/ok.ini" >"$T/o1b" 2>&1; rc=$?
[ $rc = 0 ] && grep -qxF '1 of 1 published changes reproduced' "$T/o1b" || fail "a passing pair: exit $rc: $(cat "$T/o1b")"

# 2. gone: losses before, none after; a sum over apps, an app the before run
# lacks counting 0 there; the metric not a number in either run fails
{ base; printf '[pair.G]\nobservation = losses stop\nmetric = apps.ping.loss_pct\nbefore = link.loss=1\nafter = link.loss=0\nchange = gone\nrequire = apps.ping.transmitted>=2\n'
  printf '[pair.K]\nobservation = still there\nmetric = apps.ping.transmitted+apps.p2.transmitted\nafter = app.p2.type=ping app.p2.host=a app.p2.dest=b app.p2.count=1\nchange = gone\n'
  printf '[pair.M]\nobservation = a path neither run has\nmetric = apps.ping.nosuch\nafter = app.ping.count=4\nchange = up 2\n'
  printf '[pair.T]\nobservation = a sum, up\nmetric = apps.ping.transmitted+apps.p2.transmitted\nafter = app.p2.type=ping app.p2.host=a app.p2.dest=b app.p2.count=3\nchange = up 2\n'; } >"$T/g.ini"
"$NICSIM" validate "$T/g.ini" >"$T/o2" 2>&1; rc=$?
cat "$T/o2"
[ $rc = 1 ] || fail "validate exit $rc, expected 1"
grep -qE '^G .* 100 -> 0 +gone +gone pass$' "$T/o2" || fail "pair G (gone) does not pass"
grep -qE '^K .* 2 -> 3 +gone +not gone FAIL$' "$T/o2" || fail "pair K (not gone) does not fail"
grep -A1 -E '^K ' "$T/o2" | grep -qE 'why: apps.ping.transmitted\+apps.p2.transmitted is 2 before and 3 after: not gone' || fail "pair K's why"
grep -A1 -E '^M ' "$T/o2" | grep -qE 'why: the before run has no number at apps.ping.nosuch' || fail "pair M (no such path) does not say why"
grep -qE '^T .* 2 -> 5 +up 2 \(>= 1\.41\) +2\.5 pass$' "$T/o2" || fail "pair T (sum) does not pass as 2 -> 5"

# 3. refused at load, FILE:LINE, exit 2: a bad change, a bad after key,
# no after, before and after the same
bad() {	# $1 name, $2 section text, $3 expected message (ERE)
	{ base; printf '%b' "$2"; } >"$T/$1.ini"
	"$NICSIM" validate "$T/$1.ini" >"$T/$1.out" 2>&1; rc=$?
	[ $rc = 2 ] && grep -qE "$1\.ini:[0-9]+: $3" "$T/$1.out" || fail "$1: exit $rc: $(cat "$T/$1.out")"
}
bad change '[pair.X]\nmetric = apps.ping.transmitted\nafter = app.ping.count=4\nchange = up\n' \
	"change: 'up' is not up F, down F or gone"
bad factor '[pair.X]\nmetric = apps.ping.transmitted\nafter = app.ping.count=4\nchange = down 0.5\n' \
	'change: the factor 0.5 is not above 1'
bad afterkey '[pair.X]\nmetric = apps.ping.transmitted\nafter = app.ping.cout=4\nchange = up 2\n' \
	"after: 'app.ping.cout=4': unknown key 'cout' in \[app.ping\]; did you mean 'count'\?"
bad noafter '[pair.X]\nmetric = apps.ping.transmitted\nchange = up 2\n' "\[pair.X\] needs 'after'"
bad same '[pair.X]\nmetric = apps.ping.transmitted\nbefore = app.ping.count=4\nafter =  app.ping.count=4 \nchange = up 2\n' \
	'after: the same overrides as before'
bad badreq '[pair.X]\nmetric = apps.ping.transmitted\nafter = app.ping.count=4\nchange = up 2\nrequire = apps.ping.received\n' \
	"require: 'apps.ping.received' is not PATH OP VALUE"
# the line is the key's: change on line 3 of the section
grep -qE "change\.ini:$(( $(base | wc -l) + 4 )): " "$T/change.out" || fail "the change error is not at its line: $(cat "$T/change.out")"

# 4. require: the change holds, but the after run's pings are all lost: FAIL
# with the require's reason, then the pair's note
{ base; printf '[pair.Q]\nobservation = the after run falls short\nmetric = apps.ping.transmitted\nafter = app.ping.count=4 link.loss=1\nchange = up 1.5\nrequire = apps.ping.received==apps.ping.transmitted\nnote = every ping lost on purpose\n'; } >"$T/q.ini"
"$NICSIM" validate "$T/q.ini" >"$T/o4" 2>&1; rc=$?
cat "$T/o4"
[ $rc = 1 ] || fail "validate exit $rc, expected 1"
grep -qE '^Q .* FAIL$' "$T/o4" || fail "pair Q passed although its require failed"
grep -A1 -E '^Q ' "$T/o4" | grep -qE 'why: the after run did not do its work: apps.ping.received is 0, not == apps.ping.transmitted \(4\); every ping lost on purpose$' ||
	fail "pair Q's why does not name the after run and its condition, then its note"
echo "ok: pairs pass, fail with why, gone and sums work, bad pairs refused at FILE:LINE, require enforced"

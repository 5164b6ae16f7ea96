#!/usr/bin/env bash
# Output paths (src/sim/run/outpath.h): nicsim never deletes or overwrites a
# path it did not write. --report, --json, --pcap, --trace-out and sweep
# --out refuse a user's path (exit 2, the path as it was, nothing written,
# no run), rewrite nicsim's own, and with --force replace files and add to
# directories without removing anything else.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2014-ping.ini
S=(--set sim.duration=3s --set app.ping.count=3)
cd "$T"
run() { "$NICSIM" run "$f" "${S[@]}" -q "$@"; }
refused() {	# refused WHAT PATTERN ARGS...: exit 2, stderr matches
	local what=$1 pat=$2 rc
	shift 2
	run "$@" 2>err; rc=$?
	[ $rc = 2 ] || fail "$what: exit $rc, want 2 ($(cat err))"
	grep -qE -- "$pat" err || fail "$what: message lacks /$pat/: $(cat err)"
}
no_tmp() { [ -z "$(find . -name '*nicsim-tmp*')" ] || fail "$1: left $(find . -name '*nicsim-tmp*')"; }

# --json: a user's file refused (before the run: the trace is not written
# either), nicsim's own rewritten, --force replaces; a link is a user's
echo '{"mine": 1}' >u.json
refused "--json onto a user's file" "--json u.json: exists and was not written by nicsim \(use --force" \
	--json u.json --trace all --trace-out t-new.csv
[ "$(cat u.json)" = '{"mine": 1}' ] && [ ! -e t-new.csv ] || fail "a refused --json wrote something"
run --json own.json && run --json own.json || fail "rewriting nicsim's own JSON"
run --json u.json --force && [ "$(jget u.json "d['nicsim']['seed']")" = 1 ] || fail "--json --force"
echo mine >own.json.tmp
run --json own.json && [ "$(cat own.json.tmp)" = mine ] || fail "own.json.tmp (a user's) was overwritten"
ln -s u.json link.json
refused "--json onto a symbolic link" "symbolic link" --json link.json
run --json link.json --force && [ ! -L link.json ] && [ "$(jget u.json "d['nicsim']['seed']")" = 1 ] ||
	fail "--json --force onto a link"
mkdir jdir
refused "--json onto a directory" "is a directory" --json jdir --force
refused "--json into no directory" "no directory nodir" --json nodir/x.json
# an empty file holds nothing to lose: mktemp's is written to, for every
# file output
e=$(mktemp -p .); p=$(mktemp -p .); c=$(mktemp -p .)
run --json "$e" --pcap-merged "$p" --trace all --trace-out "$c" >/dev/null &&
	[ "$(jget "$e" "d['nicsim']['seed']")" = 1 ] && [ -s "$p" ] && [ -s "$c" ] ||
	fail "an empty file (mktemp's) as --json, --pcap-merged, --trace-out"
no_tmp "--json"
echo "ok: --json keeps a user's file and link, rewrites nicsim's own, --force replaces"

# --trace-out (and its default trace.csv): the same rule
printf 'time_s,price\n0,1\n' >t.csv
refused "--trace-out onto a user's CSV" "--trace-out t.csv: exists and was not written by nicsim" \
	--trace all --trace-out t.csv
printf 'time_s,price\n' >trace.csv
refused "--trace onto a user's trace.csv" "--trace-out trace.csv: exists" --trace all
[ "$(cat t.csv)" = "$(printf 'time_s,price\n0,1')" ] && [ "$(cat trace.csv)" = time_s,price ] ||
	fail "a refused trace changed a user's CSV"
run --trace 'app.*' --trace-out own.csv && run --trace all --trace-out own.csv ||
	fail "rewriting nicsim's own trace"
run --trace all --trace-out t.csv --force && head -1 t.csv | grep -q '^time_s,app\.' || fail "--trace-out --force"
no_tmp "--trace-out"
echo "ok: --trace-out keeps a user's CSV, rewrites nicsim's own, --force replaces"

# --pcap: a user's file under either name refused, nothing written; a
# capture from elsewhere (other MACs) is not nicsim's; its own is
echo mine >cap-peer-dut.pcap
refused "--pcap onto a user's file" "--pcap cap: cap-peer-dut.pcap exists and was not written by nicsim" --pcap cap
[ "$(cat cap-peer-dut.pcap)" = mine ] && [ ! -e cap-dut-peer.pcap ] || fail "a refused --pcap wrote something"
run --pcap own && run --pcap own || fail "rewriting nicsim's own capture"
python3 - own-dut-peer.pcap other-dut-peer.pcap <<'PY' || fail "python"
import sys
b = bytearray(open(sys.argv[1], 'rb').read())
assert len(b) > 24 + 16 + 12, "no frame in nicsim's capture"
b[24 + 16:24 + 16 + 12] = bytes.fromhex('001122334455' '00aabbccddee')
open(sys.argv[2], 'wb').write(b)
PY
refused "--pcap onto another tool's capture" "other-dut-peer.pcap exists" --pcap other
run --pcap cap --force && cmp -s cap-peer-dut.pcap own-peer-dut.pcap || fail "--pcap --force"
no_tmp "--pcap"
echo "ok: --pcap keeps a user's and another tool's capture, rewrites nicsim's own, --force replaces"

# --report onto a user's directory, a file, the current directory
mkdir d && echo keep >d/keep.txt
refused "--report into a user's directory" "--report d: is a directory nicsim did not write" --report d
[ "$(ls -A d)" = keep.txt ] && [ "$(cat d/keep.txt)" = keep ] || fail "--report touched a user's directory"
echo precious >f.txt
refused "--report onto a file" "--report f.txt: exists and is not a directory" --report f.txt
refused "--report onto a file, --force" "not a directory" --report f.txt --force
[ "$(cat f.txt)" = precious ] || fail "--report onto a file changed it"
refused "--report ." "--report \.: is a directory nicsim did not write" --report .
[ ! -e index.html ] && [ ! -e nicsim-report ] || fail "--report . wrote something"
no_tmp "refused reports"
echo "ok: --report refuses a user's directory, a file and ., touching nothing"

# --force into a user's directory adds the report, keeps the rest; then
# the directory is nicsim's and is rewritten without --force
run --report d --force || fail "--report d --force"
[ "$(cat d/keep.txt)" = keep ] && [ -s d/index.html ] && [ -s d/.nicsim-report ] ||
	fail "--force: $(ls -A d)"
grep -qx keep.txt d/.nicsim-report && fail "the marker claims the user's file"
run --report d || fail "rewriting a report written with --force"
[ "$(cat d/keep.txt)" = keep ] || fail "rewriting lost the user's file"
echo "ok: --report --force adds to a user's directory, removes nothing"

# nicsim's own report directory: rewritten in place, a user's file in it
# kept, the old report's files the new one has not removed
run --report r --compare host.dut.ethtool.tx-frames=1 || fail "--report to a new directory"
[ -s r/index.html ] && [ -s r/trace-1.csv ] && grep -qx index.html r/.nicsim-report ||
	fail "new report: $(ls -A r)"
echo mine >r/notes.txt
run --report r || fail "rewriting nicsim's own report"
[ "$(cat r/notes.txt)" = mine ] || fail "a user's file in a report directory was lost"
[ ! -e r/trace-1.csv ] || fail "the old report's second run was left behind"
no_tmp "report rewrite"
# a user's file where the new report puts one: refused, nothing changed
before=$(cat r/index.html r/results-0.json | md5sum)
echo mine >r/trace-1.csv
run --report r --compare host.dut.ethtool.tx-frames=1 2>err; rc=$?
[ $rc != 0 ] && grep -q "r/trace-1.csv exists and was not written by nicsim" err ||
	fail "a user's trace-1.csv in the report: exit $rc, $(cat err)"
[ "$(cat r/trace-1.csv)" = mine ] && [ "$(cat r/index.html r/results-0.json | md5sum)" = "$before" ] ||
	fail "a clashing report changed the directory"
rm -rf r/trace-1.csv r/.nicsim-tmp.*
echo "ok: nicsim's report directory rewritten, the user's files in it kept"

# a failed report (a bad --compare, refused before any run; a run that
# dies on a broken invariant) leaves the previous one as it was
before=$(cat r/* r/.nicsim-report | md5sum)
refused "a bad --compare" "did you mean 'tx-frames'" --report r --compare host.dut.ethtool.tx-frame=1
run --report r --check --inject wmem-leak 2>err; [ $? = 3 ] || fail "--inject in a report: $(cat err)"
[ "$(cat r/* r/.nicsim-report | md5sum)" = "$before" ] || fail "a failed report changed the old one"
rm -rf r/.nicsim-tmp.*
echo "ok: a failed report leaves the previous one intact"

# sweep --out: a file, a user's directory, another sweep
sweep() { "$NICSIM" sweep "$f" --set sim.duration=2s "$@" >out 2>err; }
echo precious >sw.txt
sweep --out sw.txt; [ $? = 2 ] && grep -q "exists and is not a directory" err || fail "sweep onto a file: $(cat err)"
sweep --out sw.txt --force; [ $? = 2 ] && grep -q "even with --force" err || fail "sweep onto a file, --force: $(cat err)"
[ "$(cat sw.txt)" = precious ] || fail "sweep changed a file"
mkdir u && echo keep >u/keep.txt
sweep --out u; [ $? = 2 ] && grep -q "not a sweep directory" err || fail "sweep into a user's directory: $(cat err)"
[ "$(ls -A u)" = keep.txt ] || fail "a refused sweep wrote into a user's directory"
sweep --out u --force || fail "sweep --force into a user's directory: $(cat err)"
[ "$(cat u/keep.txt)" = keep ] && [ -s u/results.csv ] || fail "sweep --force: $(ls -A u)"
sweep --axis host.dut.ethtool.tx-frames=1,2 --out s || fail "sweep"
echo mine >s/notes.tmp.txt
sweep --axis host.dut.ethtool.tx-frames=1,2 --out s || fail "sweep again"
[ "$(cat s/notes.tmp.txt 2>/dev/null)" = mine ] || fail "tidying a sweep removed a user's notes.tmp.txt"
sweep --axis host.dut.ethtool.tx-frames=4,8,16 --out s; [ $? = 2 ] && grep -q "holds another sweep" err ||
	fail "another sweep: $(cat err)"
sweep --axis host.dut.ethtool.tx-frames=4,8,16 --out s --force || fail "sweep --force over another sweep: $(cat err)"
grep -q "3 points: 3 run now, 0 found done" out || fail "started over: $(cat out)"
[ "$(cut -d, -f1 s/results.csv | tr '\n' ' ')" = "host.dut.ethtool.tx-frames 4 8 16 " ] ||
	fail "started over: $(cat s/results.csv)"
[ "$(cat s/notes.tmp.txt)" = mine ] || fail "a user's file in a sweep directory was removed"
echo "ok: sweep --out refuses a file and a user's directory; --force adds to one, starts another sweep over"

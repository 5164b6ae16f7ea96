#!/usr/bin/env bash
# [link] loss: frames corrupted on the wire are dropped by the far MAC.
# 1000 pings with 10 % loss each way: every lost frame is counted on its
# direction, replies = requests - lost requests - lost replies, and the
# counts are binomially plausible (within 5 sigma of 100 per direction).
# loss_from limits it to one host's frames. A bulk TCP flow retransmits
# what was lost and loses goodput; loss 0 gives the run it gave before
# (same summary as without the key). Same seed, same bytes; another seed,
# other frames. Bad values are refused at FILE:LINE with exit 2.
. "$(dirname "$0")/lib.inc"
ping=$SRC/scenarios/mvneta-2014-ping.ini
set -- --set host.dut.ethtool.tx-frames=1 --set app.ping.count=1000 \
	--set app.ping.interval=10ms --set sim.duration=11s --quiet
"$NICSIM" run "$ping" "$@" --set link.loss=10% --json "$T/p.json" || fail "ping run"
py() { jget "$T/$1.json" "$2"; }
tx=$(py p "d['apps']['ping']['transmitted']")
rx=$(py p "d['apps']['ping']['received']")
l0=$(py p "d['link']['directions'][0]['lost']")
l1=$(py p "d['link']['directions'][1]['lost']")
[ "$tx" = 1000 ] || fail "transmitted $tx"
[ $((tx - l0 - l1)) = "$rx" ] || fail "received $rx, not 1000 - $l0 - $l1"
for l in $l0 $l1; do
	[ "$l" -ge 53 ] && [ "$l" -le 147 ] || fail "lost $l of ~1000 frames at 10 %"
done
[ "$(py p "d['link']['loss']")" = 0.1 ] || fail "link.loss $(py p "d['link']['loss']")"

"$NICSIM" run "$ping" "$@" --set link.loss=10% --set link.loss_from=peer --json "$T/q.json" ||
	fail "loss_from run"
[ "$(py q "d['link']['directions'][0]['lost']")" = 0 ] || fail "loss_from=peer lost dut frames"
[ "$(py q "d['link']['directions'][1]['lost']")" -gt 0 ] || fail "loss_from=peer lost nothing"
[ "$(py q "d['link']['directions'][1]['from']")" = peer ] || fail "direction 1 is not peer's"

# bulk TCP: retransmits, less goodput (0.2 %: the retransmissions outweigh
# the no-loss run's start-up); loss 0 is the run without the key
tcp=$SRC/scenarios/mvneta-2013-netperf.ini
set -- --set host.dut.tx_reclaim=rx-poll --set sim.duration=1s
"$NICSIM" run "$tcp" "$@" >"$T/none.txt" || fail "tcp run"
"$NICSIM" run "$tcp" "$@" --set link.loss=0 >"$T/zero.txt" || fail "tcp loss 0"
cmp -s "$T/none.txt" "$T/zero.txt" || fail "loss = 0 changed the run"
"$NICSIM" run "$tcp" "$@" --set link.loss=0.2% --json "$T/a.json" >"$T/a.txt" || fail "tcp loss"
"$NICSIM" run "$tcp" "$@" --set link.loss=0.2% --json "$T/b.json" >/dev/null || fail "tcp loss again"
"$NICSIM" run "$tcp" "$@" --set link.loss=0.2% --seed 2 --json "$T/c.json" >/dev/null || fail "seed 2"
cmp -s "$T/a.json" "$T/b.json" || fail "same seed, different results"
[ "$(py a "d['link']['directions'][0]['lost']")" != "$(py c "d['link']['directions'][0]['lost']")" ] ||
	[ "$(py a "d['apps']['netperf']['retransmits']")" != "$(py c "d['apps']['netperf']['retransmits']")" ] ||
	fail "seed 2 lost the same frames"
[ "$(py a "d['apps']['netperf']['retransmits'] >= d['link']['directions'][0]['lost'] > 0")" = True ] ||
	fail "retransmits $(py a "d['apps']['netperf']['retransmits']") for $(py a "d['link']['directions'][0]['lost']") lost"
grep -q '^link: loss 0.2%; dut -> peer [0-9]* of [0-9]* frames lost' "$T/a.txt" || fail "summary: $(grep ^link "$T/a.txt")"
g0=$(grep -o '[0-9.]* Mbit/s goodput' "$T/none.txt" | cut -d' ' -f1)
g1=$(py a "d['apps']['netperf']['goodput_mbps']")
python3 -c "import sys; sys.exit(0 if float(sys.argv[2]) < float(sys.argv[1]) else 1)" "$g0" "$g1" ||
	fail "goodput with loss $g1, without $g0"

# bad input
bad() {
	local want=$1
	shift
	"$NICSIM" run "$ping" "$@" >"$T/out" 2>"$T/err"
	[ $? = 2 ] || fail "$* did not exit 2"
	grep -q -- "$want" "$T/err" || fail "$*: $(cat "$T/err")"
	[ ! -s "$T/out" ] || fail "$*: wrote output"
}
bad 'loss must be between 0% and 100%' --set link.loss=1.5
bad "no host named 'pear'; did you mean 'peer'" --set link.loss_from=pear
bad "did you mean 'loss'" --set link.los=1
{ cat "$ping"; printf '[link]\nloss = lots\n'; } >"$T/l.ini"
"$NICSIM" run "$T/l.ini" >/dev/null 2>"$T/err"
[ $? = 2 ] || fail "loss = lots did not exit 2"
grep -q "l.ini:[0-9]*: loss: 'lots' is not a probability" "$T/err" || fail "$(cat "$T/err")"
exit 0

#!/usr/bin/env bash
# Every application draws from its own random stream ("app.NAME"), the
# device's hash secret from "host.NAME.dev.DEV": declaring one more
# application, or declaring them in another order, moves no other
# component's numbers. On the C1 scenario (an Armada XP with iperf and a
# ping), a one-datagram UDP sender on the peer, declared before the others
# and sending at the very end, leaves the board's used TX queues, iperf's
# whole run and the ping's replies as they were; so does swapping the two
# apps' sections. A host with every ICMP ident taken refuses one more ping.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2015-txqueues.ini
# extra: the UDP app inserted before the first [app.*] section;
# swapped: the [app.*] sections in reverse order.
python3 - "$f" "$T" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
head, *apps = re.split(r'(?m)^(?=\[app\.)', text)
extra = ("[app.aaa_extra]\ntype = udp\nhost = peer\ndest = dut\n"
         "count = 1\nstart = 1900ms\n\n")
open(sys.argv[2] + "/extra.ini", "w").write(head + extra + "".join(apps))
apps = [a if a.endswith("\n\n") else a + "\n\n" for a in apps]
open(sys.argv[2] + "/swapped.ini", "w").write(head + "".join(reversed(apps)))
PY
# round robin (a what-if NETA arbiter), so that every hash outcome's ping
# is answered: at reset a ping queue below iperf's starves
rr="--set host.dut.tx_arbiter=round-robin"
for s in 1 2 3; do
	for v in base extra swapped; do
		ini=$T/$v.ini
		[ $v = base ] && ini=$f
		"$NICSIM" run "$ini" --set sim.duration=2s --set sim.seed=$s $rr \
			--json "$T/$v.json" -q 2>"$T/err" || fail "seed $s, $v: $(head -1 "$T/err")"
	done
	python3 - "$T" "$s" <<'PY' || exit 1
import json, sys
t, seed = sys.argv[1], sys.argv[2]
d = {v: json.load(open(f"{t}/{v}.json")) for v in ("base", "extra", "swapped")}
def used(j):
    return [q['queue'] for q in j['hosts']['dut']['nic']['txq'] if q['packets'] > 0]
def replies(j):
    return [l for l in j['apps']['ping']['transcript'] if 'icmp_seq' in l]
for v in ("extra", "swapped"):
    a, b = d["base"], d[v]
    if used(a) != used(b):
        sys.exit(f"FAIL: seed {seed}, {v}: the board's TX queues {used(a)} became {used(b)}")
    if not replies(a) or replies(a) != replies(b):
        sys.exit(f"FAIL: seed {seed}, {v}: the ping's replies changed:\n"
                 + "\n".join(replies(a)) + "\nbecame\n" + "\n".join(replies(b)))
# iperf is untouched until the datagram comes, and in every way when the
# sections only change places
if d["swapped"]["apps"]["iperf"] != d["base"]["apps"]["iperf"]:
    sys.exit(f"FAIL: seed {seed}: iperf's results changed with the apps' order")
PY
done
# 64 ICMP idents per host: the 65th ping on the board is refused
python3 - "$T/many.ini" <<'PY'
import sys
with open(sys.argv[1], "w") as o:
    o.write("[host.dut]\nplatform = armada-xp\nkernel = 4.4\ndriver = mvneta-4.4\n\n"
            "[host.peer]\nplatform = x86-64\nkernel = 4.4\ndriver = ideal\n\n")
    for i in range(65):
        o.write(f"[app.p{i}]\ntype = ping\nhost = dut\ndest = peer\ncount = 1\n\n")
PY
"$NICSIM" run "$T/many.ini" --set sim.duration=10ms -q 2>"$T/err" >/dev/null
rc=$?
[ $rc = 2 ] || fail "65 pings on one host: exit $rc, want 2"
grep -q "many.ini:[0-9]*: app.p64: every ICMP ident of dut is taken" "$T/err" ||
	fail "65 pings on one host: $(head -1 "$T/err")"
"$NICSIM" run "$T/many.ini" --set sim.duration=10ms --set app.p64.host=peer \
	--set app.p64.dest=dut -q >/dev/null 2>"$T/err" || fail "64 pings on each host: $(head -1 "$T/err")"
echo "ok: an added app or the apps' order moves nothing on the board (3 seeds); the 65th ping on a host is refused"

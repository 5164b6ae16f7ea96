#!/usr/bin/env bash
# Wireshark's own reading of nicsim's captures, where tshark is installed
# (scripts/bootstrap --pcap-tools): every IPv4, ICMP, UDP and TCP checksum
# verified and good, no warning or error in the expert info, and the TCP
# capture starts with SYN, SYN-ACK (window scale and SACK-permitted
# options), ACK, after which Wireshark scales the windows by 128.
. "$(dirname "$0")/lib.inc"
if ! command -v tshark >/dev/null 2>&1; then
	echo "skip: tshark is not installed (scripts/bootstrap --pcap-tools installs it)"
	exit 0
fi
ts() { tshark -r "$@" -o ip.check_checksum:TRUE -o tcp.check_checksum:TRUE -o udp.check_checksum:TRUE 2>/dev/null; }
"$NICSIM" run "$SRC/scenarios/mvneta-2013-netperf.ini" --set sim.duration=30ms --pcap-merged "$T/tcp.pcap" -q || fail "tcp run"
"$NICSIM" run "$SRC/scenarios/mvneta-2014-ping.ini" --set sim.duration=2s --set app.ping.count=2 \
	--set app.u.type=udp --set app.u.host=peer --set app.u.dest=dut --set app.u.count=3 --set app.u.interval=10ms \
	--pcap-merged "$T/icmp-udp.pcap" -q || fail "ping and udp run"
for p in tcp icmp-udp; do
	ts "$T/$p.pcap" -T fields -E separator=, -e frame.protocols -e ip.checksum.status \
		-e icmp.checksum.status -e udp.checksum.status -e tcp.checksum.status >"$T/$p.txt" || fail "tshark cannot read $p.pcap"
	python3 - "$T/$p.txt" "$p" <<'PY' || fail "checksums in $p.pcap"
import sys
rows = [l.split(',') for l in open(sys.argv[1]).read().split('\n') if l]
assert rows, 'no frames'
seen = set()
for protos, *status in rows:
    l4 = protos.split(':')[3]
    # ip and the frame's L4 checksum: 1 = good (0 bad, 2 unverified)
    want = {'icmp': [1, 2], 'udp': [1, 3], 'tcp': [1, 4]}[l4]
    for i in want:
        assert status[i - 1] == '1', (protos, status)
    seen.add(l4)
assert seen == ({'tcp'} if sys.argv[2] == 'tcp' else {'icmp', 'udp'}), seen
PY
	ts "$T/$p.pcap" -q -z expert,warn >"$T/$p.expert" || fail "tshark expert $p"
	! grep -Eq "^ +[0-9]+ +(Checksum|Malformed|Protocol)" "$T/$p.expert" || fail "$p.pcap: $(grep -E 'Checksum|Malformed|Protocol' "$T/$p.expert" | head -2)"
done
ts "$T/tcp.pcap" -Y tcp -c 4 -T fields -E separator=, -e tcp.flags.syn -e tcp.flags.ack \
	-e tcp.options.wscale.shift -e tcp.options.sack_perm -e tcp.len -e tcp.window_size_scalefactor >"$T/hs.txt"
python3 - "$T/hs.txt" <<'PY' || fail "the handshake as tshark reads it: $(tr '\n' ' ' <"$T/hs.txt")"
import sys
r = [l.split(',') for l in open(sys.argv[1]).read().split('\n') if l]
syn, synack, ack, data = r
assert syn[:2] == ['1', '0'] and syn[2] == '7' and syn[3], syn
assert synack[:2] == ['1', '1'] and synack[2] == '7' and synack[3], synack
assert ack[:2] == ['0', '1'] and ack[4] == '0', ack
assert data[1] == '1' and int(data[4]) > 0 and data[5] == '128', data
PY
echo "ok: tshark finds every checksum good and the TCP capture starting SYN, SYN-ACK (WS, SACK_PERM), ACK"

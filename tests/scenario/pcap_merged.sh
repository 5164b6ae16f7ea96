#!/usr/bin/env bash
# Captures: --pcap lists the files it wrote (stdout, stderr with --json -,
# nothing with -q); --pcap-merged writes both directions in one file in
# time order, the same frames as the two per-direction files; every IPv4,
# ICMP, UDP and TCP checksum verifies with an independent checker here
# (pseudo-header sums), and libpcap reads the merged file.
. "$(dirname "$0")/lib.inc"
reader=$(dirname "$NICSIM")/pcap_read
[ -x "$reader" ] || fail "no $reader"
f=$SRC/scenarios/mvneta-2014-ping.ini
udp="--set app.u.type=udp --set app.u.host=dut --set app.u.dest=peer --set app.u.count=5 --set app.u.interval=100ms --set app.u.size=333"
"$NICSIM" run "$f" --set sim.duration=3s --set app.ping.count=3 $udp --json "$T/r.json" \
	--pcap "$T/p" --pcap-merged "$T/m.pcap" >"$T/out" || fail "run"
python3 - "$T/r.json" "$T/out" "$T" <<'PY' || fail "the listed files"
import json, re, sys
d = json.load(open(sys.argv[1]))
out, t = open(sys.argv[2]).read(), sys.argv[3]
n = {(x['from'], x['to']): x['frames'] for x in d['link']['directions']}
want = [f"pcap: {t}/p-dut-peer.pcap ({n['dut', 'peer']} frames)",
        f"pcap: {t}/p-peer-dut.pcap ({n['peer', 'dut']} frames)",
        f"pcap: {t}/m.pcap ({sum(n.values())} frames, both directions)"]
got = [l for l in out.split('\n') if l.startswith('pcap:')]
assert got == want, (got, want)
PY
"$NICSIM" run "$f" --set sim.duration=1s --set app.ping.count=1 --pcap-merged "$T/q.pcap" -q >"$T/qout" || fail "-q run"
[ ! -s "$T/qout" ] || fail "-q printed: $(head -1 "$T/qout")"
"$NICSIM" run "$f" --set sim.duration=1s --set app.ping.count=1 --pcap-merged "$T/j.pcap" --json - >"$T/j.json" 2>"$T/jerr" || fail "--json - run"
jget "$T/j.json" "d['apps']['ping']['transmitted']" >/dev/null || fail "--json -: stdout is not the JSON alone"
grep -q "^pcap: $T/j.pcap (2 frames, both directions)$" "$T/jerr" || fail "--json -: no pcap line on stderr"
# a TCP flow and the ping, merged
"$NICSIM" run "$SRC/scenarios/mvneta-2013-netperf.ini" --set sim.duration=20ms \
	--set app.ping.type=ping --set app.ping.host=peer --set app.ping.dest=dut --set app.ping.interval=5ms \
	--pcap "$T/t" --pcap-merged "$T/tm.pcap" -q || fail "tcp run"
"$reader" "$T/m.pcap" >/dev/null || fail "libpcap rejects the merged capture"
"$reader" "$T/tm.pcap" >/dev/null || fail "libpcap rejects the merged TCP capture"
python3 - "$T" <<'PY' || fail "merged capture or checksums"
import struct, sys
t = sys.argv[1]
def records(path):
    data = open(path, 'rb').read()
    assert struct.unpack('<I', data[:4])[0] == 0xa1b23c4d, path
    off, out = 24, []
    while off < len(data):
        sec, ns, incl, orig = struct.unpack('<IIII', data[off:off + 16])
        out.append((sec * 10**9 + ns, data[off + 16:off + 16 + incl]))
        off += 16 + incl
    return out
def csum(b):
    b += b'\0' * (len(b) & 1)
    s = sum(struct.unpack('!%dH' % (len(b) // 2), b))
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return s
def check(path, seen):
    for ts, f in records(path):
        assert f[12:14] == b'\x08\x00', path
        ip = f[14:34]
        assert csum(ip) == 0xffff, (path, ts, 'IPv4 header')
        l4 = f[34:14 + struct.unpack('!H', ip[2:4])[0]]
        pseudo = ip[12:20] + struct.pack('!BBH', 0, ip[9], len(l4))
        if ip[9] == 1:
            assert csum(l4) == 0xffff, (path, ts, 'ICMP')
        elif ip[9] == 17:
            assert l4[6:8] != b'\0\0' and csum(pseudo + l4) == 0xffff, (path, ts, 'UDP')
        else:
            assert ip[9] == 6 and csum(pseudo + l4) == 0xffff, (path, ts, 'TCP')
        seen.add(ip[9])
for merged, prefix in (('m.pcap', 'p'), ('tm.pcap', 't')):
    m = records(f'{t}/{merged}')
    a, b = records(f'{t}/{prefix}-dut-peer.pcap'), records(f'{t}/{prefix}-peer-dut.pcap')
    # both directions, time order, dut -> peer first at equal times
    want = sorted([(ts, 0, f) for ts, f in a] + [(ts, 1, f) for ts, f in b], key=lambda r: r[:2])
    assert m == [(ts, f) for ts, _, f in want], merged
    assert a and b
seen = set()
for p in ('m.pcap', 'tm.pcap'):
    check(f'{t}/{p}', seen)
assert seen == {1, 6, 17}, seen
PY
echo "ok: files listed; merged capture = both directions in time order; IPv4, ICMP, UDP, TCP checksums verify"

#!/usr/bin/env bash
# The three-way handshake as the capture shows it (read here from the
# pcap bytes): SYN (74 bytes: MSS 1460, SACK-permitted, timestamps, window
# scale 7; window 29200 unscaled), SYN-ACK (window 28960, the same
# options), a pure ACK (window field 229 = 29312 >> 7), then data; later
# windows scaled. ECN asked and agreed in the SYN flags; SACK refused by
# the listener; a lost SYN sent again after 1 s, twice lost: the flow
# starts with one segment.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2013-netperf.ini
cap() { "$NICSIM" run "$f" --set sim.duration=30ms "$@" --pcap-merged "$T/c.pcap" --json "$T/c.json" -q || fail "run $*"; }
py() { python3 - "$T/c.pcap" "$@" <<PY
import struct, sys
def frames(path):
    d, off, out = open(path, 'rb').read(), 24, []
    while off < len(d):
        sec, ns, incl, orig = struct.unpack('<IIII', d[off:off + 16])
        f = d[off + 16:off + 16 + incl]
        off += 16 + incl
        if len(f) >= 54 and f[23] == 6:
            t = f[34:]
            hl = (t[12] >> 4) * 4
            opts, i, o = {}, 0, t[20:hl]
            while i < len(o):
                if o[i] == 1: i += 1; continue
                opts[o[i]] = o[i + 2:i + o[i + 1]]; i += o[i + 1]
            out.append(dict(t=sec + ns / 1e9, len=len(f), src=f[29], seq=struct.unpack('!I', t[4:8])[0],
                            ack=struct.unpack('!I', t[8:12])[0], flags=t[13],
                            win=struct.unpack('!H', t[14:16])[0], opts=opts,
                            data=len(f) - 34 - hl, raw=o))
    return out
fr = frames(sys.argv[1])
$(cat)
PY
}
cap
py <<'EOF' || fail "the handshake in the capture"
syn, sa, ack, data = fr[0], fr[1], fr[2], fr[3]
assert syn['flags'] == 0x02 and syn['len'] == 74 and syn['src'] == 1, syn
assert syn['seq'] == 0xffffffff and syn['win'] == 29200, syn
assert syn['raw'] == bytes([2, 4, 5, 0xb4, 4, 2, 8, 10]) + syn['raw'][8:16] + bytes([1, 3, 3, 7]), syn['raw']
assert syn['opts'][2] == b'\x05\xb4' and 4 in syn['opts'] and 8 in syn['opts'] and syn['opts'][3] == b'\x07'
assert sa['flags'] == 0x12 and sa['len'] == 74 and sa['src'] == 2 and sa['ack'] == 0, sa
assert sa['win'] == 28960 and sa['opts'][3] == b'\x07' and 4 in sa['opts'], sa
assert sa['opts'][8][4:8] == syn['opts'][8][0:4], 'the SYN-ACK echoes the SYN TSval'
assert ack['flags'] == 0x10 and ack['data'] == 0 and ack['src'] == 1, ack
assert ack['seq'] == 0 and ack['ack'] == 0 and ack['win'] == 229, ack
assert data['src'] == 1 and data['data'] > 0 and data['seq'] == 0, data
# after the handshake the peer's windows are scaled by 128: the field
# times 128 is the window, never the old min(window, 65535)
acks = [x for x in fr[4:] if x['src'] == 2]
assert acks and all(x['win'] * 128 < 8 << 20 for x in acks) and max(x['win'] for x in acks) < 65535 // 8, acks[-1]
EOF
[ "$(jget "$T/c.json" "d['apps']['netperf']['sack']")" = True ] || fail "no SACK"
cap --set host.dut.sysctl.tcp_ecn=1
py <<'EOF' || fail "ECN in the SYN and SYN-ACK"
assert fr[0]['flags'] == 0xc2 and fr[1]['flags'] == 0x52, (fr[0]['flags'], fr[1]['flags'])
EOF
[ "$(jget "$T/c.json" "d['apps']['netperf']['ecn']")" = True ] || fail "ECN not negotiated"
cap --set host.peer.sysctl.tcp_sack=0
py <<'EOF' || fail "SACK refused"
assert 4 in fr[0]['opts'] and 4 not in fr[1]['opts'], (fr[0]['opts'], fr[1]['opts'])
assert fr[1]['raw'][4:6] == bytes([1, 1]) and fr[1]['len'] == 74, fr[1]['raw']
EOF
[ "$(jget "$T/c.json" "d['apps']['netperf']['sack']")" = False ] || fail "SACK used though refused"
# lost SYNs (half the frames from the DUT lost): a seed where the first
# SYN is lost once, and one where it is lost twice
once= twice=
for s in $(seq 1 20); do
	"$NICSIM" run "$f" --set sim.duration=3500ms --set link.loss=50% --set link.loss_from=dut --seed $s \
		--pcap-merged "$T/l$s.pcap" -q || fail "lossy run $s"
	n=$(python3 -c "
import struct; d=open('$T/l$s.pcap','rb').read(); off=24; n=0
while off < len(d):
    incl = struct.unpack('<I', d[off+8:off+12])[0]; f = d[off+16:off+16+incl]; off += 16 + incl
    n += f[23] == 6 and f[29] == 1 and f[47] & 2 != 0
print(n)")
	[ "$n" = 2 ] && [ -z "$once" ] && once=$s
	[ "$n" = 3 ] && [ -z "$twice" ] && twice=$s
	[ -n "$once" ] && [ -n "$twice" ] && break
done
[ -n "$once" ] && [ -n "$twice" ] || fail "no seed lost the SYN once and twice"
for s in $once $twice; do
	cp "$T/l$s.pcap" "$T/c.pcap"
	py "$s" "$twice" <<'EOF' || fail "SYN retransmission (seed $s)"
syns = [x for x in fr if x['src'] == 1 and x['flags'] & 2]
# TCP_TIMEOUT_INIT: 1 s, then 2 s (the DUT's timers tick at HZ 100)
gaps = [b['t'] - a['t'] for a, b in zip(syns, syns[1:])]
assert all(abs(g - w) < 0.011 for g, w in zip(gaps, (1, 2))), gaps
sa = [x for x in fr if x['src'] == 2 and x['flags'] == 0x12]
assert sa and sa[0]['t'] > syns[-1]['t'], 'SYN-ACK to the last SYN'
# the first flight: after two retransmissions one segment (cwnd 1), the
# next only on an ACK or a timer; after one, ten back to back (a
# 1514-byte frame takes 12.3 us)
data = [x for x in fr if x['src'] == 1 and x['data']]
gap = data[1]['t'] - data[0]['t']
assert (gap > 100e-6) if sys.argv[2] == sys.argv[3] else (gap < 20e-6), (sys.argv[2], gap)
EOF
done
echo "ok: SYN, SYN-ACK, ACK with their options and windows; ECN and SACK as offered; SYN sent again after 1 s and 2 s"

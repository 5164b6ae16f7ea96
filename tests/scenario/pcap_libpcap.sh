#!/usr/bin/env bash
# The pcap read by libpcap (tests/tools/pcap_read.c), not by our writer:
# Ethernet link type, no truncated frame, as many frames per direction as
# the JSON counts, and every echo request at the nanosecond the JSON says
# its first bit went on the wire (mvneta-2014-ping.ini, tx-frames 1: all
# 30 pings answered).
. "$(dirname "$0")/lib.inc"
reader=$(dirname "$NICSIM")/pcap_read
[ -x "$reader" ] || fail "no $reader"
f=$SRC/scenarios/mvneta-2014-ping.ini
"$NICSIM" run "$f" --set host.dut.ethtool.tx-frames=1 --json "$T/r.json" --pcap "$T/p" >/dev/null || fail "run"
"$reader" "$T/p-dut-peer.pcap" >"$T/dp.txt" || fail "libpcap rejects dut->peer"
"$reader" "$T/p-peer-dut.pcap" >"$T/pd.txt" || fail "libpcap rejects peer->dut"
python3 - "$T/r.json" "$T/dp.txt" "$T/pd.txt" <<'PY' || fail "pcap and JSON disagree"
import json, sys
d = json.load(open(sys.argv[1]))
def frames(path):
    lines = open(path).read().split('\n')
    assert lines[0] == 'linktype 1', lines[0]		# DLT_EN10MB
    return [tuple(map(int, l.split())) for l in lines[1:] if l]
dp, pd = frames(sys.argv[2]), frames(sys.argv[3])
dirs = {(x['from'], x['to']): x for x in d['link']['directions']}
for fr, key in ((dp, ('dut', 'peer')), (pd, ('peer', 'dut'))):
    assert len(fr) == dirs[key]['frames'], (key, len(fr), dirs[key]['frames'])
    assert sum(f[2] for f in fr) == dirs[key]['bytes'], key
    assert all(a[0] <= b[0] for a, b in zip(fr, fr[1:])), key
reps = d['apps']['ping']['replies']
assert len(reps) == 30 == len(dp), (len(reps), len(dp))
for r, f in zip(sorted(reps, key=lambda r: r['seq']), dp):
    assert r['request_wire_ns'] == f[0], (r['seq'], r['request_wire_ns'], f[0])
PY
echo "ok: libpcap reads both directions; counts, bytes and request times match the JSON"

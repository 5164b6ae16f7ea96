#!/usr/bin/env bash
# Same scenario and seed: byte-identical JSON and pcap; another seed still runs.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/mvneta-2014-ping.ini
"$NICSIM" run "$f" --json "$T/a.json" --pcap "$T/a" >/dev/null || fail "run a"
"$NICSIM" run "$f" --json "$T/b.json" --pcap "$T/b" >/dev/null || fail "run b"
cmp -s "$T/a.json" "$T/b.json" || fail "JSON differs between identical runs"
cmp -s "$T/a-dut-peer.pcap" "$T/b-dut-peer.pcap" || fail "pcap differs"
"$NICSIM" run "$f" --seed 7 --json "$T/c.json" >/dev/null || fail "run seed 7"
echo "ok: identical JSON ($(wc -c <"$T/a.json") bytes) and pcap"
# the pcap holds exactly the frames the JSON counts, timestamps non-decreasing
python3 - "$T/a-dut-peer.pcap" "$T/a.json" <<'PY' || fail "pcap does not match the JSON"
import json, struct, sys
b = open(sys.argv[1], 'rb').read()
magic, = struct.unpack('<I', b[:4])
assert magic == 0xa1b23c4d, hex(magic)
off, n, last = 24, 0, 0
while off < len(b):
    s, ns, incl, orig = struct.unpack('<IIII', b[off:off + 16])
    t = s * 10**9 + ns
    assert t >= last and incl == orig
    last, off, n = t, off + 16 + incl, n + 1
d = json.load(open(sys.argv[2]))
dirs = {(x['from'], x['to']): x['frames'] for x in d['link']['directions']}
assert n == dirs[('dut', 'peer')], (n, dirs)
PY
echo "ok: pcap frame count matches the JSON"

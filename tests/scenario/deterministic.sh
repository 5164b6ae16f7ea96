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

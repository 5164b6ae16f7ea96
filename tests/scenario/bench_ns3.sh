#!/usr/bin/env bash
# make bench-ns3 without ns-3: the nicsim scenarios under bench/ns3 load
# and carry their flows, and bench/ns3/compare.py runs every case end to
# end against a stand-in for the ns-3 program (a script that prints the
# JSON line ns3-tcp-bulk prints), so the comparison cannot rot on a
# machine without ns-3 (make check installs none).
. "$(dirname "$0")/lib.inc"
B=$SRC/bench/ns3
for f in "$B"/nicsim-*.ini; do
	"$NICSIM" run "$f" --set sim.duration=50ms -q --json "$T/r.json" >/dev/null 2>&1 ||
		fail "$f does not run"
	n=$(jget "$T/r.json" "len(d['apps'])")
	gp=$(jget "$T/r.json" "sum(a['goodput_mbps'] for a in d['apps'].values())")
	python3 -c "import sys; sys.exit(not float(sys.argv[1]) > 0)" "$gp" ||
		fail "$f: no goodput ($gp)"
	case $f in *16flows*) [ "$n" = 16 ] || fail "$f: $n flows, want 16";;
		   *) [ "$n" = 1 ] || fail "$f: $n flows, want 1";; esac
done
cat >"$T/fake-ns3" <<'FAKE'
#!/bin/sh
echo '{"sim":"ns-3","version":"3.37","rate":"1Gbps","flows":1,"duration_s":0.05,"goodput_mbps":963.9,"events":24000,"wall_s":0.01,"run_wall_s":0.01,"peak_rss_kb":20000,"qdisc_drops":0,"bql_limit_max":3004}'
FAKE
chmod +x "$T/fake-ns3"
python3 "$B/compare.py" --nicsim "$NICSIM" --ns3 "$T/fake-ns3" --runs 2 \
	--duration 0.05 --json "$T/c.json" >"$T/out" 2>"$T/err" ||
	{ cat "$T/out" "$T/err"; fail "compare.py failed"; }
cat "$T/out"
for c in "1 Gbit/s, 1 flow | nicsim 1g-1flow |" "1 Gbit/s, 1 flow | nicsim 1g-1flow-x86 |" \
	 "1 Gbit/s, 16 flows | nicsim 1g-16flows |" "100 Mbit/s, 1 flow | nicsim 100m-1flow |"; do
	grep -qF "| $c" "$T/out" || fail "no row '$c'"
done
[ "$(jget "$T/c.json" "len(d['raw']['1g-1flow']['ns-3'])")" = 2 ] || fail "not 2 runs"
echo "ok: bench/ns3 scenarios run; compare.py tabulates every case"

#!/usr/bin/env bash
# virtio_net without TX NAPI (4.19's default; tx-frames 0 later) orphans
# each skb in start_xmit: TSQ stops limiting the stream, TSO skbs fill the
# TX virtqueue, and a ping behind them waits tens of ms. NAPI TX (5.3's
# default, 31c03aef9bc2) keeps the skbs charged until the host returns
# them: TSQ holds the ring to a few skbs and the ping to a few ms.
# Every run is under --check.
. "$(dirname "$0")/lib.inc"
f=$SRC/scenarios/virtio_net-vm-bulk-ping.ini
q="d['hosts']['vm']['nic']['txq'][0]"
r="d['apps']['ping']['rtt_us']['avg']"
"$NICSIM" run "$f" --check --json "$T/a.json" >/dev/null || fail "run 4.19"
[ "$(jget "$T/a.json" "$r > 10000 and $q['ring_max_used'] > 20 and \
d['hosts']['vm']['nic']['reclaim'] == 'xmit-orphan' and d['apps']['bulk']['goodput_mbps'] > 900")" = True ] ||
	fail "4.19 no bufferbloat: $(jget "$T/a.json" "$r, $q")"
"$NICSIM" run "$f" --check --set host.vm.driver=virtio_net-5.3 --json "$T/b.json" >/dev/null ||
	fail "run 5.3"
[ "$(jget "$T/b.json" "$r < 3000 and $q['ring_max_used'] < 10 and \
d['hosts']['vm']['nic']['irqs_tx_done'] > 0 and d['apps']['bulk']['goodput_mbps'] > 900")" = True ] ||
	fail "5.3 TSQ not restored: $(jget "$T/b.json" "$r, $q")"
"$NICSIM" run "$f" --check --set host.vm.driver=virtio_net-6.11 \
	--set host.vm.ethtool.tx-frames=0 --json "$T/c.json" >/dev/null || fail "run 6.11 tx-frames 0"
[ "$(jget "$T/c.json" "$r > 10000 and d['hosts']['vm']['nic']['reclaim'] == 'xmit-orphan'")" = True ] ||
	fail "6.11 tx-frames 0 is not the orphan mode: $(jget "$T/c.json" "$r, $q")"
echo "ok: orphan mode bloats the TX virtqueue, NAPI TX restores TSQ"

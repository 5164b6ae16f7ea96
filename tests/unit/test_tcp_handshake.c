// SPDX-License-Identifier: MIT
/*
 * The three-way handshake (src/net/ipv4/tcp_output.c: tcp_connect;
 * tcp_input.c: tcp_conn_request, tcp_rcv_synsent, tcp_rcv_handshake;
 * Linux tcp_select_initial_window, tcp_connect_init, tcp_openreq_init_rwin, tcp_rcv_synsent_state_process,
 * tcp_synack_rtt_meas; 3.12.0, 4.4.155 and 6.18.2 read). Two x86-64
 * hosts on the ideal NIC (tcp_fixture.h): a connects to b at 0.
 *
 * Worked numbers, MTU 1500: advmss 1460, MSS 1460 - 12 = 1448 with
 * timestamps.
 *  - 3.12, tcp_rmem[1] 87380, half of it window (tcp_adv_win_scale 1):
 *    43690. The connecting side rounds it to its advmss, 29 x 1460 =
 *    42340, at most 20 x 1460 = 29200: its SYN's window. The listener
 *    rounds to 1448, 30 x 1448 = 43440, at most 20 x 1448 = 28960: the
 *    SYN-ACK's. Scale: max(tcp_rmem[2] 6291456, rmem_max) = 6291456
 *    halved 7 times is 49152 <= 65535: wscale 7 both ways. The client's
 *    ACK offers its free space capped at rcv_ssthresh 29200, rounded up
 *    to 128: 29312 (field 229).
 *  - 6.x, tcp_rmem[1] 131072: 65536 -> 44 x 1460 = 64240 in the SYN,
 *    45 x 1448 = 65160 in the SYN-ACK (no 20-segment cap); the ACK
 *    64240 rounded up to 128: 64256 (field 502); ilog2(6291456) - 15 = 7.
 *  - SO_RCVBUF 65536 on the listener: sk_rcvbuf 131072, window_clamp the
 *    full space 65536, so the scale comes from 65536: one halving, 32768:
 *    wscale 1 (SO_RCVBUF 131072: 131072 -> 65536 -> 32768, wscale 2).
 *  - RTT: the handshake's own sample. 3.12 counts whole jiffies, at least
 *    one (HZ 250: 4 ms): srtt8 8, rto = 1 + max(2, 50) jiffies = 204 ms;
 *    6.x whole microseconds of the ~6.5 us round trip: srtt8 48.
 *  - 6.x sizes the send buffer at set-up (tcp_init_buffer_space ->
 *    tcp_sndbuf_expand): 2 x 10 segments x (roundup_pow_of_two(1460 +
 *    MAX_TCP_HEADER 320 + shinfo 320) + sk_buff 256) = 87040.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "tcp_fixture.h"

static struct tcp_sock *rx_of(struct tcp_fixture *f)
{
	return &f->w.apps[0].u.stream.rx;
}

static void test_negotiation_312(void **state)
{
	struct tcp_fixture f;
	struct tcp_sock *tx, *rx;

	(void)state;
	tcp_fixture_setup(&f, "3.12");
	tx = f.tp;
	rx = rx_of(&f);
	assert_int_equal(tx->state, TCP_ESTABLISHED);
	assert_int_equal(rx->state, TCP_ESTABLISHED);
	assert_int_equal(tx->rcv_wscale, 7);
	assert_int_equal(rx->rcv_wscale, 7);
	assert_int_equal(tx->snd_wscale, 7);
	assert_int_equal(rx->snd_wscale, 7);
	assert_true(tx->sack_ok && rx->sack_ok);
	assert_true(tx->tstamp_ok && rx->tstamp_ok);
	assert_int_equal(tx->mss_clamp, 1460);
	assert_int_equal(rx->mss_clamp, 1460);
	assert_int_equal(rx->mss, 1448);
	assert_int_equal(tx->rcv_ssthresh, 29200);	/* its SYN's window */
	assert_int_equal(rx->rcv_wnd, 28960);
	assert_int_equal(tx->snd_wnd, 28960);		/* the SYN-ACK's, unscaled */
	assert_int_equal(tx->max_window, 28960);
	assert_int_equal(rx->snd_wnd, 29312);		/* the ACK's, 229 << 7 */
	assert_int_equal(tx->ecn_flags, 0);
	/* the first RTT samples: one jiffy each */
	assert_int_equal(tx->est.srtt8, 8);
	assert_int_equal(tx->rto, 204 * PS_PER_MS);
	assert_int_equal(rx->est.srtt8, 8);
	assert_int_equal(tx->syn_retrans, 0);
	assert_int_equal(tx->cc.snd_cwnd, 10);
	assert_int_equal(tx->sk.sk_sndbuf, 16384);	/* tcp_wmem[1] until ACKs grow it */
	assert_int_equal(tx->snd_nxt, 0);		/* data starts at 0 */
	assert_int_equal(rx->rcv_nxt, 0);
	tcp_fixture_teardown(&f);
}

static void test_negotiation_6x(void **state)
{
	struct tcp_fixture f;
	struct tcp_sock *tx, *rx;

	(void)state;
	tcp_fixture_setup(&f, "6.x");
	tx = f.tp;
	rx = rx_of(&f);
	assert_int_equal(tx->rcv_wscale, 7);
	assert_int_equal(rx->rcv_wscale, 7);
	assert_int_equal(tx->rcv_ssthresh, 64240);
	assert_int_equal(tx->snd_wnd, 65160);
	assert_int_equal(rx->snd_wnd, 64256);		/* 502 << 7 */
	assert_int_equal(tx->est.srtt8, 48);
	assert_in_range(tx->min_rtt, 6 * PS_PER_US, 7 * PS_PER_US);
	/* tcp_init_buffer_space -> tcp_sndbuf_expand: 2 x 10 x 4352 */
	assert_int_equal(tx->sk.sk_sndbuf, 87040);
	assert_int_equal(rx->sk.sk_sndbuf, 87040);
	tcp_fixture_teardown(&f);
}

/* The scale follows the receive space SO_RCVBUF leaves. */
static void test_wscale_rcvbuf(void **state)
{
	static const char *const b64[] = { "app.s.rcvbuf=65536", NULL };
	static const char *const b128[] = { "app.s.rcvbuf=131072", NULL };
	struct tcp_fixture f;

	(void)state;
	tcp_fixture_setup_with(&f, "3.12", b64);
	assert_int_equal(rx_of(&f)->rcvbuf, 131072);
	assert_int_equal(rx_of(&f)->rcv_wscale, 1);
	assert_int_equal(f.tp->snd_wscale, 1);
	assert_int_equal(f.tp->rcv_wscale, 7);	/* the sender's buffer is not locked */
	assert_int_equal(rx_of(&f)->window_clamp, 65536);
	tcp_fixture_teardown(&f);
	tcp_fixture_setup_with(&f, "6.x", b128);
	assert_int_equal(rx_of(&f)->rcv_wscale, 2);
	assert_int_equal(f.tp->snd_wscale, 2);
	tcp_fixture_teardown(&f);
}

/* SACK when both offer it; ECN when the SYN asks (tcp_ecn 1) and the
 * listener accepts (tcp_ecn not 0). */
static void test_sack_ecn(void **state)
{
	static const char *const nosack[] = { "host.b.sysctl.tcp_sack=0", NULL };
	static const char *const ecn[] = { "host.a.sysctl.tcp_ecn=1", NULL };
	static const char *const refused[] = { "host.a.sysctl.tcp_ecn=1",
						"host.b.sysctl.tcp_ecn=0", NULL };
	struct tcp_fixture f;

	(void)state;
	tcp_fixture_setup_with(&f, "3.12", nosack);
	assert_false(f.tp->sack_ok);
	assert_false(rx_of(&f)->sack_ok);
	tcp_fixture_teardown(&f);
	tcp_fixture_setup_with(&f, "3.12", ecn);
	assert_int_equal(f.tp->ecn_flags, TCP_ECN_OK);
	assert_int_equal(rx_of(&f)->ecn_flags, TCP_ECN_OK);
	tcp_fixture_teardown(&f);
	tcp_fixture_setup_with(&f, "3.12", refused);
	assert_int_equal(f.tp->ecn_flags, 0);
	assert_int_equal(rx_of(&f)->ecn_flags, 0);
	tcp_fixture_teardown(&f);
}

/* A segment from a's address and port to the listener b, delivered now
 * on b's CPU. */
static void to_listener(struct tcp_fixture *f, uint8_t flags, uint64_t seq, uint64_t ack,
			uint8_t opts, uint16_t mss, uint32_t win)
{
	struct tcp_sock *rx = rx_of(f);
	struct sk_buff *skb = alloc_skb(rx->host, 128);

	skb->protocol = ETH_P_IP;
	skb->ip_proto = IPPROTO_TCP_;
	skb->saddr = rx->daddr;
	skb->daddr = rx->host->addr;
	skb->sport = rx->dport;
	skb->dport = rx->sk.port;
	skb->seq = seq;
	skb->end_seq = seq + !!(flags & TCPHDR_SYN);
	skb->ack_seq = ack;
	skb->tcp_flags = flags;
	skb->tcp_opts = opts;
	skb->tcp_mss = mss;
	skb->tcp_win = win;
	skb->tsval = 5 * PS_PER_US;
	skb->len = ETH_HLEN + IPV4_HLEN + tcp_syn_hlen(opts);
	rx->cpu->running = true;
	rx->host->cur_cpu = rx->cpu;
	tcp_v4_rcv(rx->cpu, skb);
	rx->cpu->running = false;
	rx->host->cur_cpu = NULL;
}

/*
 * A SYN with MSS 1000 and timestamps but neither SACK-permitted nor a
 * window scale: the listener uses neither and does not scale its own
 * window (wscale 0); it rounds its initial window to 1000 - 12 = 988:
 * 43690 -> 44 x 988 = 43472, at most 20 x 988 = 19760. The ACK makes it
 * established with that MSS, the window it carries taken unscaled.
 */
static void test_options_missing(void **state)
{
	struct tcp_fixture f;
	struct tcp_sock *rx;

	(void)state;
	tcp_fixture_build(&f, "3.12", NULL);
	rx = rx_of(&f);
	assert_int_equal(rx->state, TCP_LISTEN);
	to_listener(&f, TCPHDR_SYN, UINT64_MAX, 0, TCP_OPT_MSS | TCP_OPT_TS, 1000, 8000);
	assert_int_equal(rx->state, TCP_SYN_RECV);
	assert_false(rx->wscale_ok);
	assert_int_equal(rx->rcv_wscale, 0);
	assert_int_equal(rx->snd_wscale, 0);
	assert_false(rx->sack_ok);
	assert_true(rx->tstamp_ok);
	assert_int_equal(rx->mss_clamp, 1000);
	assert_int_equal(rx->rcv_wnd, 19760);
	to_listener(&f, TCPHDR_ACK, 0, 0, 0, 0, 8000);
	assert_int_equal(rx->state, TCP_ESTABLISHED);
	assert_int_equal(rx->mss, 988);
	assert_int_equal(rx->snd_wnd, 8000);
	tcp_fixture_teardown(&f);
}

static void connect_item(struct cpu *cpu, struct work *w)
{
	tcp_connect(cpu, w->arg);
}

/*
 * The SYN timer: TCP_TIMEOUT_INIT (1 s = 250 jiffies at HZ 250), then
 * doubled (2 s). After two retransmissions the connection starts at
 * cwnd 1, and its RTT sample comes from the echoed timestamp (Karn).
 */
static void test_syn_retransmit(void **state)
{
	struct tcp_fixture f;
	struct tcp_sock *tx;

	(void)state;
	/* the application (which would write once connected) starts late */
	tcp_fixture_build(&f, "3.12", (const char *const[]){ "link.loss=100%",
			  "sim.duration=30s", "app.s.start=20s", NULL });
	tx = f.tp;
	work_init(&f.connect, CTX_PROCESS, connect_item, tx);
	cpu_queue_work(f.cpu, &f.connect);
	sim_run(&f.w.sim, 999 * PS_PER_MS);
	assert_int_equal(tx->state, TCP_SYN_SENT);
	assert_int_equal(tx->syn_retrans, 0);
	assert_int_equal(tx->rto_deadline, 250);
	sim_run(&f.w.sim, 1001 * PS_PER_MS);
	assert_int_equal(tx->syn_retrans, 1);
	assert_int_equal(tx->rto_deadline, 250 + 500);
	sim_run(&f.w.sim, 3001 * PS_PER_MS);
	assert_int_equal(tx->syn_retrans, 2);
	assert_int_equal(tx->rto_deadline, 750 + 1000);
	f.w.link.port[0].loss_ppb = f.w.link.port[1].loss_ppb = 0;	/* the link heals */
	while (tx->state != TCP_ESTABLISHED || rx_of(&f)->state != TCP_ESTABLISHED) {
		assert_true(f.w.sim.now < 10 * PS_PER_S);
		sim_run(&f.w.sim, f.w.sim.now + PS_PER_MS);
	}
	assert_true(f.w.sim.now > 7 * PS_PER_S);	/* the third SYN, at 7 s */
	assert_int_equal(tx->cc.snd_cwnd, 1);
	assert_int_equal(tx->rto_deadline, 0);
	assert_int_equal(tx->backoff, 0);
	assert_int_equal(tx->est.srtt8, 8);	/* one jiffy, from TSecr */
	tcp_fixture_teardown(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_negotiation_312),
		cmocka_unit_test(test_negotiation_6x),
		cmocka_unit_test(test_wscale_rcvbuf),
		cmocka_unit_test(test_sack_ecn),
		cmocka_unit_test(test_options_missing),
		cmocka_unit_test(test_syn_retransmit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

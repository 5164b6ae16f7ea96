// SPDX-License-Identifier: MIT
/*
 * TCP over IPv4: the receive entry from IP and the socket lookup.
 *
 * Follows net/ipv4/tcp_ipv4.c (3.12.0, 4.4.155, 6.18.2 read): tcp_v4_rcv
 * (registered in inet_protos by af_inet.c) and tcp_v4_do_rcv; the
 * segment's processing is tcp_input.c's.
 *  - the socket lock's receive side (tcp_v4_rcv's sk_add_backlog): while
 *    the application owns the socket, a segment waits in the backlog, at
 *    most sk_rcvbuf + sk_sndbuf of truesize, else it is dropped
 *    (TCPBacklogDrop); release_sock (tcp.c) runs tcp_v4_do_rcv on it.
 * Leaves out: checksums, the request-sock and TIME_WAIT lookups, the
 * listener's own hash (one socket per end: tcp_input.c), tcp_v4_connect
 * (tcp_connect, tcp_output.c, does its part).
 * Deviation: the lookup (__inet_lookup_established, inet_hashtables.c in
 * Linux) is a walk of the host's sockets, here beside its one caller.
 * Deviation: release_sock calls tcp_v4_do_rcv by name (Linux: through
 * sk_backlog_rcv), so tcp.c sits above this file.
 */
#include "net/ipv4/tcp_internal.h"

/* __inet_lookup_established: the socket of the segment's 4-tuple, or NULL */
static struct tcp_sock *tcp_lookup(struct host *h, const struct sk_buff *skb)
{
	struct sock *sk;

	for (sk = h->socks; sk; sk = sk->next) {
		struct tcp_sock *tp;

		if (sk->kind != SK_TCP || sk->port != skb->dport)
			continue;
		tp = tcp_sk(sk);
		if (tp->dport == skb->sport && tp->daddr == skb->saddr)
			return tp;
	}
	return NULL;
}

/* tcp_v4_do_rcv: the segment's effect on the socket, in softirq or, for
 * a backlogged one, in release_sock (tcp.c). A socket not yet
 * established goes through the handshake (tcp_rcv_state_process) first;
 * the rest is tcp_rcv_established's (tcp_input.c). */
void tcp_v4_do_rcv(struct cpu *cpu, struct tcp_sock *tp, struct sk_buff *skb)
{
	cpu_charge(cpu, COST_tcp_rcv, cost(tp)->tcp_rcv);
	tp->segs_in++;
	if (tp->state != TCP_ESTABLISHED && tcp_rcv_handshake(cpu, tp, skb))
		return;
	tcp_rcv_established(cpu, tp, skb);
}

/*
 * tcp_v4_rcv: while the application owns the socket, the segment waits in
 * the backlog (sk_add_backlog, at most sk_rcvbuf + sk_sndbuf of truesize)
 * for release_sock on the application's CPU.
 */
void tcp_v4_rcv(struct cpu *cpu, struct sk_buff *skb)
{
	struct tcp_sock *tp = tcp_lookup(cpu->host, skb);

	if (!tp) {
		cpu->host->rx_dropped++;
		kfree_skb(cpu, skb);
		return;
	}
	if (!tp->owned) {
		tcp_v4_do_rcv(cpu, tp, skb);
		return;
	}
	if (tp->backlog_len + skb->truesize > tp->sk.sk_rcvbuf + tp->sk.sk_sndbuf) {
		tp->backlog_drops++;
		kfree_skb(cpu, skb);
		return;
	}
	tp->backlog_len += skb->truesize;
	tp->backlogged++;
	skb_queue_tail(&tp->backlog, skb);
}

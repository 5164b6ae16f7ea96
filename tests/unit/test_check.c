// SPDX-License-Identifier: MIT
/*
 * --check's recount of the sockets' send-buffer charges (src/sim/run/check.c
 * over the pool's charged bits, src/sim/engine/skb_pool.c).
 *
 * Checks: skb_set_owner_w marks an skb charged and the charged walk visits
 * it, and only the charged skbs (not the RX ring's buffers, live and
 * ownerless); skb_orphan and kfree_skb drop the mark; world_check_now
 * passes with charged skbs alive, and fails (exit status 3, the socket
 * named) when sk_wmem_alloc is corrupted, when a charge is held by an skb
 * whose mark was lost, and when an skb marked charged has lost its owner.
 * The failing checks run in a child process, as the checker exits.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "sim/run/check.h"
#include "drivers/net/nic.h"

/* An mvneta host (its RX ring holds live skbs no socket owns) and a peer. */
static const char *const rig[] = {
	"sim.duration=10ms",
	"host.a.platform=armada-385", "host.a.kernel=4.4", "host.a.driver=mvneta-6.x",
	"host.b.driver=ideal", NULL,
};

struct fixture {
	struct scenario	scn;
	struct world	w;
	struct sock	sk;
	struct rng	rng;
};

static int setup(void **state)
{
	struct fixture *f = test_calloc(1, sizeof(*f));
	struct scn_error err = { { 0 } };
	const char *const *set;

	scenario_init(&f->scn);
	for (set = rig; *set; set++)
		assert_int_equal(scenario_set(&f->scn, *set, &err), 0);
	assert_int_equal(scenario_check(&f->scn, &err), 0);
	assert_int_equal(world_build(&f->w, &f->scn, &err), 0);
	assert_int_equal(world_check_enable(&f->w, NULL), 0);
	rng_stream(&f->rng, 1, "app.test");
	sock_init(&f->sk, &f->w.hosts[0], SK_RAW_ICMP, &f->rng);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	world_check_disable(&f->w);
	world_destroy(&f->w);
	scenario_free(&f->scn);
	test_free(f);
	return 0;
}

struct tally {
	unsigned int	n;
	int64_t		truesize;
};

static void tally_skb(struct sk_buff *skb, void *arg)
{
	struct tally *t = arg;

	t->n++;
	t->truesize += skb->truesize;
}

static struct tally walk(struct skb_pool *pool, bool charged)
{
	struct tally t = { 0, 0 };

	if (charged)
		skb_pool_for_each_charged(pool, tally_skb, &t);
	else
		skb_pool_for_each_live(pool, tally_skb, &t);
	return t;
}

/* world_check_now in a child: its exit status, and what it wrote to stderr
 * in msg. */
static int check_in_child(struct world *w, char *msg, size_t len)
{
	size_t got = 0;
	int fd[2], status;
	ssize_t n;
	pid_t pid;

	assert_int_equal(pipe(fd), 0);
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		close(fd[0]);
		dup2(fd[1], STDERR_FILENO);
		world_check_now(w);
		_exit(0);
	}
	close(fd[1]);
	while (got + 1 < len && (n = read(fd[0], msg + got, len - 1 - got)) > 0)
		got += (size_t)n;
	msg[got] = '\0';
	close(fd[0]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	return WEXITSTATUS(status);
}

/* Three skbs charged at 704 bytes each (armada-385, 4.4: a 98-byte echo);
 * the walk sees them and not the RX ring; orphaning and freeing drop them
 * from it. */
static void test_charged_walk(void **state)
{
	struct fixture *f = *state;
	struct cpu *cpu = &f->w.hosts[0].cpus[0];
	struct sk_buff *skb[3];
	struct tally live0 = walk(&f->w.pool, false), t;
	int i;

	assert_true(live0.n > 100);	/* the RX rings' buffers */
	assert_int_equal(walk(&f->w.pool, true).n, 0);
	for (i = 0; i < 3; i++) {
		skb[i] = alloc_skb(&f->w.hosts[0], 115);
		skb_set_owner_w(skb[i], &f->sk);
	}
	t = walk(&f->w.pool, true);
	assert_int_equal(t.n, 3);
	assert_int_equal(t.truesize, 3 * 704);
	assert_int_equal(f->sk.sk_wmem_alloc, 1 + t.truesize);
	assert_int_equal(walk(&f->w.pool, false).n, live0.n + 3);
	world_check_now(&f->w);

	skb_orphan(cpu, skb[1]);	/* uncharged, still alive */
	assert_null(skb[1]->sk);
	t = walk(&f->w.pool, true);
	assert_int_equal(t.n, 2);
	assert_int_equal(f->sk.sk_wmem_alloc, 1 + 2 * 704);
	assert_int_equal(f->sk.skbs_held, 2);
	assert_int_equal(walk(&f->w.pool, false).n, live0.n + 3);
	world_check_now(&f->w);

	for (i = 0; i < 3; i++)
		kfree_skb(cpu, skb[i]);
	assert_int_equal(walk(&f->w.pool, true).n, 0);
	assert_int_equal(f->sk.sk_wmem_alloc, 1);
	assert_int_equal(walk(&f->w.pool, false).n, live0.n);
	world_check_now(&f->w);
}

/* The recount still catches a broken account. */
static void test_check_fires(void **state)
{
	struct fixture *f = *state;
	struct cpu *cpu = &f->w.hosts[0].cpus[0];
	struct sk_buff *skb[2];
	char msg[1024];
	int i;

	for (i = 0; i < 2; i++) {
		skb[i] = alloc_skb(&f->w.hosts[0], 115);
		skb_set_owner_w(skb[i], &f->sk);
	}
	assert_int_equal(check_in_child(&f->w, msg, sizeof(msg)), 0);
	assert_string_equal(msg, "");

	/* a charge with no skb */
	f->sk.sk_wmem_alloc++;
	assert_int_equal(check_in_child(&f->w, msg, sizeof(msg)), NICSIM_EXIT_INVARIANT);
	assert_non_null(strstr(msg, "host a raw ICMP socket (port 0): sk_wmem_alloc 1410, "
			       "skbs_held 2; its live skbs: 1 + 1408 bytes of truesize in 2 skbs"));
	f->sk.sk_wmem_alloc--;

	/* an skb holding a charge the walk cannot see */
	skb_pool_mark_charged(skb[0], false);
	assert_int_equal(check_in_child(&f->w, msg, sizeof(msg)), NICSIM_EXIT_INVARIANT);
	assert_non_null(strstr(msg, "sk_wmem_alloc 1409, skbs_held 2; its live skbs: "
			       "1 + 704 bytes of truesize in 1 skbs"));
	skb_pool_mark_charged(skb[0], true);

	/* marked charged, but its owner is gone */
	skb[1]->sk = NULL;
	assert_int_equal(check_in_child(&f->w, msg, sizeof(msg)), NICSIM_EXIT_INVARIANT);
	assert_non_null(strstr(msg, "is marked charged but has no owner or destructor"));
	skb[1]->sk = &f->sk;

	assert_int_equal(check_in_child(&f->w, msg, sizeof(msg)), 0);
	for (i = 0; i < 2; i++)
		kfree_skb(cpu, skb[i]);
	assert_int_equal(f->sk.sk_wmem_alloc, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_charged_walk, setup, teardown),
		cmocka_unit_test_setup_teardown(test_check_fires, setup, teardown),
	};

	nic_drivers_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}

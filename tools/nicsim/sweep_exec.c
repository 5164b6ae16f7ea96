// SPDX-License-Identifier: MIT
/*
 * Running a sweep's points. Without MPI: a pool of -j forked workers, one
 * process per point, so a point that crashes takes only itself down, and
 * a worker dies with the sweep (PR_SET_PDEATHSIG) instead of finishing a
 * point nobody waits for. Under mpirun: this rank runs its own points,
 * one after another, in its own process (no fork inside MPI).
 *
 * Contract: sweep_exec runs todo[0..n) and returns how many did not
 * finish; every point that finished is in its file when it returns. The
 * progress line (points, rate, ETA) goes to stderr only when stderr is a
 * terminal; under MPI only rank 0 shows it, for its own share.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include "sim/engine/util.h"
#include "sweep.h"

struct progress {
	bool	tty, shown;
	double	start;
	long	total;		/* points shown as the whole */
	long	before;		/* of which finished by an earlier run */
	long	done, failed;	/* by this run */
};

static double wall_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void progress_show(struct progress *p)
{
	double wall = wall_now() - p->start, rate = p->done / (wall > 0 ? wall : 1e-9);
	long left = p->total - p->before - p->done - p->failed;
	char eta[32] = "?";

	if (!p->tty)
		return;
	if (p->done) {
		double s = (double)left / rate;

		snprintf(eta, sizeof(eta), "%ldm%02lds", (long)s / 60, (long)s % 60);
	}
	fprintf(stderr, "\r\033[K  nicsim sweep: %s%ld/%ld points, %.2f points/s, ETA %s",
		par_active() ? "rank 0's " : "", p->before + p->done, p->total, rate, eta);
	if (p->failed)
		fprintf(stderr, ", %ld failed", p->failed);
	p->shown = true;
}

static void progress_end(struct progress *p)
{
	if (p->shown)
		fputs("\r\033[K", stderr);	/* clear the line */
}

/* Run point i here and write its file; 0 on success. */
static int run_point(const struct sweep *sw, long i)
{
	struct scn_error err = { { 0 } };
	json_t *rec = sweep_point_run(sw, i, &err);
	int rc = -1;

	if (!rec)
		fprintf(stderr, "nicsim sweep: point %ld: %s\n", i, err.msg);
	else
		rc = sweep_point_write(sw, i, rec);
	json_decref(rec);
	return rc;
}

static _Noreturn void worker(const struct sweep *sw, long i, pid_t parent)
{
#ifdef __linux__
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)	/* the sweep died before prctl */
		_exit(1);
#endif
	exit(run_point(sw, i) ? 1 : 0);
}

/* A worker ended: count it. */
static void reaped(struct progress *p, long i, int status, long *failed)
{
	if (WIFEXITED(status) && !WEXITSTATUS(status)) {
		p->done++;
	} else {
		p->failed++;
		(*failed)++;
		if (WIFSIGNALED(status))
			fprintf(stderr, "%snicsim sweep: point %ld: killed by signal %d\n",
				p->shown ? "\r\033[K" : "", i, WTERMSIG(status));
	}
	progress_show(p);
}

/* Wait for a worker; its slot in pid[], or -1 (interrupted, not ours). */
static int wait_one(const pid_t *pid, int jobs, int *status)
{
	pid_t c = waitpid(-1, status, 0);
	int k;

	if (c < 0 && errno != EINTR) {
		perror("nicsim sweep: waitpid");
		exit(3);
	}
	for (k = 0; k < jobs; k++)
		if (c > 0 && pid[k] == c)
			return k;
	return -1;
}

static long run_forked(const struct sweep *sw, const long *todo, long n,
		       struct progress *p)
{
	int jobs = (int)MIN((long)sw->jobs, n), running = 0, k, status;
	pid_t *pid = xcalloc((size_t)jobs, sizeof(*pid)), parent = getpid();
	long *point = xcalloc((size_t)jobs, sizeof(*point)), next = 0, failed = 0;

	while (next < n || running) {
		for (k = 0; k < jobs && next < n; k++) {
			if (pid[k])
				continue;
			fflush(NULL);
			pid[k] = fork();
			if (!pid[k])
				worker(sw, todo[next], parent);
			if (pid[k] < 0) {
				pid[k] = 0;
				perror("nicsim sweep: fork");
				break;
			}
			point[k] = todo[next++];
			running++;
		}
		if (!running) {		/* cannot fork at all */
			failed += n - next;
			break;
		}
		k = wait_one(pid, jobs, &status);
		if (k < 0)
			continue;
		pid[k] = 0;
		running--;
		reaped(p, point[k], status, &failed);
	}
	free(pid);
	free(point);
	return failed;
}

static long run_here(const struct sweep *sw, const long *todo, long n,
		     struct progress *p)
{
	long k, failed = 0;

	for (k = 0; k < n; k++) {
		if (run_point(sw, todo[k])) {
			failed++;
			p->failed++;
		} else {
			p->done++;
		}
		progress_show(p);
	}
	return failed;
}

long sweep_exec(const struct sweep *sw, const long *todo, long n, long done_before)
{
	struct progress p = { 0 };
	long failed;

	p.tty = par_rank() == 0 && isatty(STDERR_FILENO);
	p.start = wall_now();
	p.before = done_before;
	p.total = done_before + n;
	if (n)
		progress_show(&p);
	if (par_active())
		failed = run_here(sw, todo, n, &p);
	else
		failed = run_forked(sw, todo, n, &p);
	progress_end(&p);
	return failed;
}

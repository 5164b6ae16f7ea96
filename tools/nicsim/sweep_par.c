// SPDX-License-Identifier: MIT
/*
 * The ranks of a sweep. MPI is initialised only when the process was
 * launched by mpirun (or another PMI launcher): a plain `nicsim sweep` is
 * one rank of one and never calls into MPI. A binary built without MPI
 * (no NICSIM_MPI) that finds itself under mpirun refuses, instead of
 * running the whole sweep once per process.
 *
 * Contract: par_init first, par_finish last, on every rank, whatever
 * happened in between; the collectives (par_sum, par_bcast) are called by
 * every rank in the same order.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sweep.h"
#ifdef NICSIM_MPI
#include <mpi.h>
#endif

static int rank, size = 1;
static bool active;

static bool launched(void)
{
	static const char *const vars[] = {
		"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", NULL
	};
	int i;

	for (i = 0; vars[i]; i++)
		if (getenv(vars[i]))
			return true;
	return false;
}

bool par_built(void)
{
#ifdef NICSIM_MPI
	return true;
#else
	return false;
#endif
}

int par_init(void)
{
	if (!launched())
		return 0;
#ifdef NICSIM_MPI
	MPI_Init(NULL, NULL);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	active = true;
	return 0;
#else
	{
		const char *r = getenv("OMPI_COMM_WORLD_RANK");

		if (!r)
			r = getenv("PMIX_RANK");
		if (!r || !strcmp(r, "0"))
			fprintf(stderr, "nicsim sweep: launched by mpirun, but this "
				"nicsim was built without MPI (install libopenmpi-dev "
				"and rebuild)\n");
	}
	return -1;
#endif
}

void par_finish(void)
{
#ifdef NICSIM_MPI
	if (active)
		MPI_Finalize();
#endif
	active = false;
}

bool par_active(void)
{
	return active;
}

int par_rank(void)
{
	return rank;
}

int par_size(void)
{
	return size;
}

long par_sum(long v)
{
#ifdef NICSIM_MPI
	long sum = v;

	if (active)
		MPI_Allreduce(&v, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
	return sum;
#else
	return v;
#endif
}

int par_bcast(int v)
{
#ifdef NICSIM_MPI
	if (active)
		MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
#endif
	return v;
}

void sweep_say(const char *fmt, ...)
{
	va_list ap;

	if (rank)
		return;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

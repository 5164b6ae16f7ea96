// SPDX-License-Identifier: MIT
/*
 * The names users may give to profiles and application types. The loader
 * checks values against these lists; test_profile checks that every
 * kernel and platform name has a profile.
 * The driver names are not listed here: the drivers add theirs when they
 * register (src/drivers/net/nic.c), so the scenario layer, which does not
 * link the drivers, still checks against them.
 */
#include <stddef.h>
#include <string.h>
#include "sim/engine/names.h"

const char *const nicsim_platform_names[] = {
	"armada-370", "armada-xp", "armada-385", "ast2600", "cortex-a7", "cortex-a9",
	"cortex-a53", "bcm2711", "x86-64", "x86-64-vm", NULL
};
const char *const nicsim_kernel_names[] = {
	"3.5", "3.10", "3.11", "3.12-rc", "3.12.0+tsq-fix", "3.12", "3.13", "4.4", "6.x", NULL
};
const char *nicsim_driver_names[NICSIM_DRIVER_NAMES_MAX + 1];
const char *const nicsim_app_types[] = { "ping", "udp", "stream", "http", "tcp_rr",
					     "udp_rr", NULL };

int nicsim_driver_name_add(const char *name)
{
	size_t n, len = name ? strlen(name) : 0;

	if (!len || len > NICSIM_NAME_LEN)
		return -1;
	for (n = 0; nicsim_driver_names[n]; n++)
		if (!strcmp(nicsim_driver_names[n], name))
			return -1;
	if (n == NICSIM_DRIVER_NAMES_MAX)
		return -1;
	nicsim_driver_names[n] = name;
	return 0;
}

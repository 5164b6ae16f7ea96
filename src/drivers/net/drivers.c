// SPDX-License-Identifier: MIT
/*
 * The in-tree NIC drivers: one line each in NIC_DRIVERS, in the order
 * their names are listed to users (nicsim keys, docs/scenario.md). Each
 * line names the struct nic_driver its file exports (nic.h).
 * Contract: nic_drivers_init registers them once, in this order, before
 * any driver registered with nic_register_driver; a failure is a bug.
 * The kernel's counterpart: the module_init of the built-in drivers, run
 * by do_initcalls (init/main.c) at boot.
 */
#include <stdbool.h>
#include "drivers/net/nic.h"
#include "sim/engine/util.h"

#define NIC_DRIVERS(X)		\
	X(mvneta_driver)	\
	X(ideal_driver)

#define NIC_DRIVER_DECLARE(d)	extern const struct nic_driver d;
#define NIC_DRIVER_ENTRY(d)	&d,

NIC_DRIVERS(NIC_DRIVER_DECLARE)

static const struct nic_driver *const in_tree[] = {
	NIC_DRIVERS(NIC_DRIVER_ENTRY)
};

void nic_drivers_init(void)
{
	static bool done;
	size_t i;

	if (done)
		return;
	done = true;	/* before: nic_register_driver calls here too */
	for (i = 0; i < ARRAY_SIZE(in_tree); i++)
		BUG_ON(nic_register_driver(in_tree[i]));
}

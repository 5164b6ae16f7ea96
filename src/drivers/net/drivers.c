// SPDX-License-Identifier: MIT
/*
 * The in-tree NIC drivers: one line each in NIC_DRIVERS, in the order
 * their names are listed to users (nicsim keys, docs/scenario.md). Each
 * line names the struct nic_driver its file exports (nic.h).
 * Contract: nic_drivers_init (nic.c) registers them once, in this
 * order, before any driver registered with nic_register_driver; a
 * failure is a bug. This file is data only, so that the registry calls
 * down into it and never the other way round.
 * The kernel's counterpart: the module_init of the built-in drivers, run
 * by do_initcalls (init/main.c) at boot.
 */
#include "drivers/net/nic.h"

#define NIC_DRIVERS(X)		\
	X(mvneta_driver)	\
	X(ideal_driver)	\
	X(ftgmac100_driver)	\
	X(stmmac_driver)	\
	X(bcmgenet_driver)	\
	X(tsnep_driver)	\
	X(virtio_net_driver)	\
	X(usbnet_driver)	\
	X(ath9k_driver)	\
	X(fec_driver)	\
	X(igb_driver)

#define NIC_DRIVER_DECLARE(d)	extern const struct nic_driver d;
#define NIC_DRIVER_ENTRY(d)	&d,

NIC_DRIVERS(NIC_DRIVER_DECLARE)

const struct nic_driver *const nic_in_tree_drivers[] = {
	NIC_DRIVERS(NIC_DRIVER_ENTRY)
	NULL
};

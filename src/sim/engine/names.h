/* SPDX-License-Identifier: MIT */
#ifndef NICSIM_CORE_NAMES_H
#define NICSIM_CORE_NAMES_H
/* NULL-terminated lists of valid names (src/sim/engine/names.c). */
extern const char *const nicsim_platform_names[];
extern const char *const nicsim_kernel_names[];
extern const char *const nicsim_app_types[];

/*
 * The driver names a scenario may give, in the order they were added:
 * empty until the NIC drivers register (nic_drivers_init, then
 * nic_register_driver), which adds every name a driver answers to.
 * At most NICSIM_DRIVER_NAMES_MAX names of at most NICSIM_NAME_LEN
 * characters (a scenario's driver key holds SCN_NAME_MAX - 1).
 */
#define NICSIM_DRIVER_NAMES_MAX	64
#define NICSIM_NAME_LEN		31
extern const char *nicsim_driver_names[NICSIM_DRIVER_NAMES_MAX + 1];
/* Add name (kept by pointer) to nicsim_driver_names: 0, or -1 if it is
 * empty, too long, already there, or the list is full. */
int nicsim_driver_name_add(const char *name);
#endif

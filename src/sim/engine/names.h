/* SPDX-License-Identifier: MIT */
#ifndef NICSIM_CORE_NAMES_H
#define NICSIM_CORE_NAMES_H
/* NULL-terminated lists of valid names (src/sim/engine/names.c). */
extern const char *const nicsim_platform_names[];
extern const char *const nicsim_kernel_names[];
extern const char *const nicsim_driver_names[];
extern const char *const nicsim_app_types[];
#endif

// SPDX-License-Identifier: MIT
/*
 * The names users may give to profiles and application types. The loader
 * checks values against these lists; test_profile checks that every
 * kernel and platform name has a profile.
 */
#include <stddef.h>
#include "sim/engine/names.h"

const char *const nicsim_platform_names[] = {
	"armada-370", "armada-xp", "armada-385", "x86-64", NULL
};
const char *const nicsim_kernel_names[] = {
	"3.5", "3.10", "3.11", "3.12-rc", "3.12.0+tsq-fix", "3.12", "3.13", "4.4", "6.x", NULL
};
const char *const nicsim_driver_names[] = {
	"mvneta-3.8", "mvneta-3.13", "mvneta-3.18", "mvneta-4.4", "mvneta-6.x", "ideal", NULL
};
const char *const nicsim_app_types[] = { "ping", "udp", "stream", "http", NULL };

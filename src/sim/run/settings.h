/* SPDX-License-Identifier: MIT */
/*
 * Every [host.NAME] setting is honoured or refused: which profile decides
 * whether a key takes effect (the driver, the kernel, the platform or the
 * qdisc), the check of a host's settings against them, and what `nicsim
 * keys` prints of the profiles (their defaults, which supports what).
 *
 * Contract: a key the scenario sets (a file line or --set) that the host's
 * driver, kernel, platform or qdisc does not implement is refused with
 * FILE:LINE (or --set ARG) of the key, as ethtool -C answers "Operation
 * not supported" and a sysctl file an era lacks "No such file or
 * directory". The drivers declare what they implement (nic_cap), the
 * kernel profiles their sysctls (kp_has_sysctl), the platforms their
 * CONFIG_HZ choices (platform_has_hz); this file only routes each key to
 * the one that decides.
 */
#ifndef NICSIM_RUN_SETTINGS_H
#define NICSIM_RUN_SETTINGS_H

#include <stdbool.h>
#include <stdio.h>
#include "nicsim/scenario.h"
#include "drivers/net/nic.h"
#include "profiles/profile.h"

/* The driver's part of sh: what nic_probe gets. */
void settings_nic_config(const struct scn_host *sh, struct nic_config *cfg);
/* The field of sh a driver's error is about (the driver if NIC_F_NONE). */
const void *settings_nic_field(const struct scn_host *sh, enum nic_field f);
/* The host's driver: its `driver` key, else its platform's default. */
const char *settings_driver(const struct scn_host *sh);

/* Does every key s sets for host sh take effect with these profiles?
 * 0, or -1 with err listing each that does not, a line each. */
int settings_check(const struct scenario *s, const struct scn_host *sh,
		   const struct platform *plat, const struct kprofile *kp,
		   struct scn_error *err);

/* Does every key s sets for app a take effect with its type? Each type
 * takes the options of the tool it stands for (ping, iperf -u, iperf,
 * a web server): 0, or -1 with err at the first it does not take. */
int settings_app_check(const struct scenario *s, const struct scn_app *a,
		       struct scn_error *err);
/* cc = "bbr" on a kernel profile without the modelled (6.18, EDT) BBR:
 * -1 and why; else 0. */
int bbr_check(const struct kprofile *kp, const char *cc, char *why, size_t len);
/* The app types that take key, space-separated; NULL if every type does. */
const char *settings_app_types(const char *key);

/* For struct scn_keys_opts: a key's default per driver, kernel or
 * platform, when the profiles decide it ("mvneta-3.8..3.13: 16, ...,
 * ideal: -"). */
bool settings_default(const char *section, const char *key, char *buf,
		      size_t len);

/* `nicsim keys --support`: which driver, kernel and platform supports
 * which key (filter as in struct scn_keys_opts). Tables separated by a
 * blank line. */
void settings_print_support(FILE *out, bool markdown, const char *filter);

#endif

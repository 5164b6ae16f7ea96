/* SPDX-License-Identifier: MIT */
/*
 * Output paths: where nicsim may write, and how.
 *
 * Contract: nicsim never deletes or overwrites a path it did not write.
 * An output path may be written when it does not exist, when it is an
 * empty regular file (nothing to lose: what mktemp(1) makes), or when its
 * content says nicsim wrote it:
 *   results JSON  a top-level object whose "nicsim" member is an object
 *                 with a "version" string (docs/results.md)
 *   trace CSV     a first line "time_s" then one or more columns, each a
 *                 name of the probe catalogue (probe_tmpl_of)
 *   pcap          nicsim's file header (nanosecond magic, version 2.4,
 *                 zone 0, snaplen 65535, Ethernet), then no frame or
 *                 frames between nicsim's MACs 02:00:00:00:00:xx (the
 *                 first OUTPATH_PCAP_PROBE records are read)
 *   report DIR    a directory holding OUTPATH_MARKER, a file whose first
 *                 line says nicsim wrote the directory and whose other
 *                 lines name the files it wrote there: the only ones a
 *                 later report replaces or removes
 * With force, a file output may replace any regular file or symbolic link
 * (the link itself, not what it points to), and a report may go into any
 * directory: its files are added, nothing else there is touched. A
 * directory where a file is needed, and anything else where a directory
 * is needed, are refused even with force.
 *
 * JSON, traces and reports are written to a temporary that nicsim
 * creates exclusively (O_EXCL, mkdir) beside the destination and renamed
 * into place when complete: a file's is ".NAME.nicsim-tmp.PID-N" in the
 * same directory; a report's is a directory ".DIR.nicsim-tmp.PID-N"
 * beside a new DIR, or ".nicsim-tmp.PID-N" inside an existing one, whose
 * files are then renamed in one by one (outpath_report_publish). nicsim
 * removes only temporaries it created in the same run.
 */
#ifndef NICSIM_RUN_OUTPATH_H
#define NICSIM_RUN_OUTPATH_H

#include <stdbool.h>
#include <stdio.h>

#define OUTPATH_MARKER		".nicsim-report"
#define OUTPATH_PCAP_PROBE	16
/* Room for a path given on the command line and its temporary's suffix. */
#define OUTPATH_LEN		4200

enum outpath_kind { OUTPATH_JSON, OUTPATH_TRACE, OUTPATH_PCAP };

/* May path be written as a kind output? 0, or -1 with why in msg
 * ("exists and was not written by nicsim (use --force to replace it)"). */
int outpath_check(const char *path, enum outpath_kind kind, bool force,
		  char *msg, size_t len);
/* Is the existing file at path nicsim's output of this kind? */
bool outpath_is_nicsims(const char *path, enum outpath_kind kind);

/* A new temporary file beside path, open for writing, its name in tmp;
 * NULL + errno. */
FILE *outpath_tmp_open(const char *path, char *tmp, size_t len);
/* Close f and rename tmp to path: 0; else -1 + errno, tmp removed. */
int outpath_tmp_commit(FILE *f, const char *tmp, const char *path);
/* Close f (if any) and remove tmp. */
void outpath_tmp_abort(FILE *f, const char *tmp);

/* May a report be written to dir? 0, or -1 with why in msg. */
int outpath_report_check(const char *dir, bool force, char *msg, size_t len);
/* Make the report's temporary directory (its name in tmp): 0, or -1
 * with why in msg. */
int outpath_report_begin(const char *dir, char *tmp, size_t len, char *msg, size_t mlen);
/* The complete report in tmp goes to dir: 0; or -1 with why in msg
 * (which then says where the new report was left). */
int outpath_report_publish(const char *tmp, const char *dir, bool force,
			   char *msg, size_t len);
/* Remove the temporary directory and what the run wrote into it. */
void outpath_report_abort(const char *tmp);

#endif

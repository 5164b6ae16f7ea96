#!/usr/bin/env bash
# Every shipped scenario and sweep example produces byte-identical JSON,
# traces, pcaps and sweep directories to the SHA-256 digests stored in
# tests/digests/outputs.sha256 (scripts/digests). A refactor keeps them;
# a change meant to alter outputs rewrites them with
# `scripts/digests build/nicsim --write` and says why in its commit.
. "$(dirname "$0")/lib.inc"
stored=$SRC/tests/digests/outputs.sha256
TMPDIR=$T "$SRC/scripts/digests" "$NICSIM" --print >"$T/got" || fail "scripts/digests failed"
[ "$(wc -l <"$T/got")" -ge 60 ] || fail "only $(wc -l <"$T/got") output files digested"
if ! diff -u "$stored" "$T/got"; then
	fail "outputs differ from tests/digests/outputs.sha256 (above: stored -, this build +)"
fi
echo "ok: $(wc -l <"$T/got") output files byte-identical to the stored digests"

#!/usr/bin/env bash
# scripts/callgraph (the layout/no_import_circles test) finds a circle
# between two files and passes once one side calls through a pointer.
. "$(dirname "$0")/lib.inc"
d=$T/demo.dir
mkdir -p "$d"
printf 'void b(void);\nvoid a(void) { b(); }\n' >"$d/a.c"
printf 'void a(void);\nvoid b(void) { a(); }\n' >"$d/b.c"
printf 'void b(void);\nextern void (*up)(void);\nstatic void a_up(void) { }\nvoid a(void) { up = a_up; b(); }\n' >"$d/a2.c"
printf 'void (*up)(void);\nvoid b(void) { if (up) up(); }\n' >"$d/b2.c"
for f in a b a2 b2; do cc -c "$d/$f.c" -o "$d/$f.c.o" || fail "cc $f"; done
out=$(python3 "$SRC/scripts/callgraph" "$d/a.c.o" "$d/b.c.o") && fail "circle not found: $out"
echo "$out" | grep -q 'import circle: a.c b.c' || fail "circle not named: $out"
echo "$out" | grep -q 'a.c -> b.c (b)' || fail "edge not named: $out"
python3 "$SRC/scripts/callgraph" "$d/a2.c.o" "$d/b2.c.o" || fail "a pointer call counted as a circle"
echo "ok: a circle is found and named; a registered pointer breaks it"

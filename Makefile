# Entry points for people; the build itself is CMake + Ninja.
#   make demo   install what the demo needs, build nicsim, run the flagship
#               scenario (build/, a plain Release build)
#   make check  the correctness suite: install what it needs, build build/
#               and the ASan+UBSan build-san/, run every unit and scenario
#               test in build/ and the unit tests and the distinct-code
#               scenario tests (label san) in build-san/; prints the ten
#               slowest tests
#   make check-full  before a release: make check, then the slow tier
#               (label slow: the docs' figures re-run in full, valgrind over
#               every scenario), every test under the sanitizers, the
#               running kernel as a reference (make kernel-check, as root)
#               and a fuzz smoke run (FUZZ_SECONDS=10 each)
#   make        an optimised nicsim in build-opt/: profile-guided (trained
#               by nicsim validate in build-pgo/) and link-time optimised;
#               PGO=0 make builds it without the training step
#   make docs   rewrite every figure the docs quote from a run
#               (scripts/docfigs --write) and the output digests
#               (scripts/digests --write), after a change that moves them
#   make bench  benchmarks of the optimised build: engine events/s, scenario
#               speed (BENCH_REPEAT runs each, default 3: fastest and
#               median), and the side-by-side table against ns-3 (bench-ns3;
#               installs ns-3 the first time)
#   make memcheck  valgrind over the shipped scenarios (zero errors, zero leaks)
#   make bench-ns3 nicsim against ns-3 3.37, side by side (installs ns-3)
#   make fuzz   libFuzzer targets (clang), FUZZ_SECONDS each (docs/robustness.md)
#   make kernel-check  nicsim's x86-64 / 6.x profile against the running
#               kernel, in network namespaces it creates (root); KERNEL_DOCS=1
#               also rewrites the table in docs/validation.md
BUILD   ?= build
SANBUILD ?= build-san
OPTBUILD ?= build-opt
FUZZBUILD ?= build-fuzz
FUZZ_SECONDS ?= 30
CMAKE_FLAGS ?=
JOBS    ?= $(shell nproc)

.PHONY: all opt bootstrap build build-san demo check check-full check-fast \
	docs bench bench-ns3 memcheck fuzz kernel-check clean

all: opt

bootstrap:
	@scripts/bootstrap

# Profile-guided optimisation (scripts/pgo, docs/performance.md): on by
# default with gcc for the optimised build; PGO=0 builds without it.
ifneq ($(findstring clang,$(CC)),)
PGO     ?= 0
endif
PGO     ?= 1
PGOBUILD ?= build-pgo
ifeq ($(PGO),1)
PGO_MODE = USE
PGO_CMAKE = -DNICSIM_PGO=USE -DNICSIM_PGO_DIR=$(abspath $(PGOBUILD))/profile
else
PGO_MODE = OFF
PGO_CMAKE = -DNICSIM_PGO=OFF
endif

# build/: plain Release, no link-time optimisation (the 40 test programs
# would each redo it) and no training step. Same outputs as build-opt/,
# byte for byte (tests/scenario/digests.sh holds both to one set). The
# demo configures it without the tests (so without cmocka and libpcap);
# make build and make check add them.
$(BUILD)/build.ninja:
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release -DNICSIM_LTO=OFF \
		-DNICSIM_PGO=OFF -DNICSIM_TESTS=OFF $(CMAKE_FLAGS)

build: bootstrap-check $(BUILD)/build.ninja
	@grep -q '^NICSIM_TESTS:BOOL=ON' $(BUILD)/CMakeCache.txt || \
		cmake -S . -B $(BUILD) -DNICSIM_TESTS=ON >/dev/null
	@scripts/mpi-reconfigure $(BUILD)
	cmake --build $(BUILD) -j $(JOBS)

$(OPTBUILD)/build.ninja:
	cmake -S . -B $(OPTBUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release -DNICSIM_TESTS=OFF \
		$(PGO_CMAKE) $(CMAKE_FLAGS)

opt: bootstrap $(OPTBUILD)/build.ninja
ifeq ($(PGO),1)
	JOBS=$(JOBS) scripts/pgo $(PGOBUILD)
endif
	@grep -q '^NICSIM_PGO:STRING=$(PGO_MODE)$$' $(OPTBUILD)/CMakeCache.txt || \
		cmake -S . -B $(OPTBUILD) $(PGO_CMAKE) >/dev/null
	cmake --build $(OPTBUILD) -j $(JOBS)
	@echo "optimised nicsim: $(OPTBUILD)/nicsim"

$(SANBUILD)/build.ninja:
	cmake -S . -B $(SANBUILD) -G Ninja -DCMAKE_BUILD_TYPE=Debug -DNICSIM_SANITIZE=ON $(CMAKE_FLAGS)

build-san: bootstrap-check $(SANBUILD)/build.ninja
	@scripts/mpi-reconfigure $(SANBUILD)
	cmake --build $(SANBUILD) -j $(JOBS)

.PHONY: bootstrap-check
bootstrap-check:
	@scripts/bootstrap --check

demo: bootstrap $(BUILD)/build.ninja
	cmake --build $(BUILD) --target nicsim -j $(JOBS)
	@scripts/demo $(BUILD)/nicsim

SAN_ENV = ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1

# make check: every test but the slow tier in build/, the label "san" in
# build-san/; then the ten slowest of the run.
check: build build-san
	@rm -f $(BUILD)/Testing/Temporary/LastTest.log $(SANBUILD)/Testing/Temporary/LastTest.log
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -LE 'slow|kernel'
	cd $(SANBUILD) && $(SAN_ENV) ctest --output-on-failure -j $(JOBS) -L san
	@scripts/slowest $(BUILD) $(SANBUILD)

check-fast: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -LE 'slow|kernel'

check-full: check
	@scripts/bootstrap --full
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -L 'slow|kernel'
	cd $(SANBUILD) && $(SAN_ENV) ctest --output-on-failure -j $(JOBS) -LE san
	$(MAKE) kernel-check
	$(MAKE) fuzz FUZZ_SECONDS=10

docs: build
	scripts/docfigs --write --nicsim $(BUILD)/nicsim
	scripts/digests $(BUILD)/nicsim --write

kernel-check: build
	python3 tests/kernel/kernel_check.py --nicsim $(BUILD)/nicsim \
		$(if $(KERNEL_DOCS),--write-docs docs/validation.md)

bench: opt
	@scripts/bench $(OPTBUILD)
	@echo
	@scripts/bench-ns3 $(OPTBUILD)

# nicsim against ns-3 (docs/performance.md); BENCH_RUNS=3, BENCH_DURATION=10
bench-ns3: opt
	@scripts/bench-ns3 $(OPTBUILD)

# valgrind memcheck of every shipped scenario: MEMCHECK_DURATION caps each
# (2s by default; 'full' runs them as written)
MEMCHECK_DURATION ?= 2s
memcheck: build
	@scripts/bootstrap --valgrind
	scripts/memcheck $(BUILD)/nicsim $(MEMCHECK_DURATION)

fuzz:
	@scripts/bootstrap --fuzz
	FUZZ_BUILD=$(FUZZBUILD) FUZZ_SECONDS=$(FUZZ_SECONDS) JOBS=$(JOBS) scripts/fuzz

clean:
	rm -rf $(BUILD) $(SANBUILD) $(OPTBUILD) $(FUZZBUILD) $(PGOBUILD)

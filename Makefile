# Entry points for people; the build itself is CMake + Ninja.
#   make demo   install what is missing, build, run the flagship scenario
#   make check  install, build (normal and ASan+UBSan), run every test
#   (make builds with profile-guided optimisation, trained by nicsim
#   validate in build-pgo/; PGO=0 make ... builds without it)
#   make bench  benchmarks: engine events/s, scenario speed (BENCH_REPEAT runs
#               each, default 3: fastest and median), and the side-by-side
#               table against ns-3 (bench-ns3; installs ns-3 the first time)
#   make memcheck  valgrind over the shipped scenarios (zero errors, zero leaks)
#   make bench-ns3 nicsim against ns-3 3.37, side by side (installs ns-3)
#   make fuzz   libFuzzer targets (clang), FUZZ_SECONDS each (docs/robustness.md)
#   make kernel-check  nicsim's x86-64 / 6.x profile against the running
#               kernel, in network namespaces it creates (root); KERNEL_DOCS=1
#               also rewrites the table in docs/validation.md
BUILD   ?= build
SANBUILD ?= build-san
FUZZBUILD ?= build-fuzz
FUZZ_SECONDS ?= 30
CMAKE_FLAGS ?=
JOBS    ?= $(shell nproc)

.PHONY: all bootstrap build build-san demo check check-fast bench bench-ns3 memcheck fuzz kernel-check clean

all: build

bootstrap:
	@scripts/bootstrap

# Profile-guided optimisation (scripts/pgo, docs/performance.md): on by
# default with gcc; PGO=0 builds without it.
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

$(BUILD)/build.ninja:
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release $(PGO_CMAKE) $(CMAKE_FLAGS)

build: bootstrap $(BUILD)/build.ninja
ifeq ($(PGO),1)
	JOBS=$(JOBS) scripts/pgo $(PGOBUILD)
endif
	@grep -q '^NICSIM_PGO:STRING=$(PGO_MODE)$$' $(BUILD)/CMakeCache.txt || \
		cmake -S . -B $(BUILD) $(PGO_CMAKE) >/dev/null
	cmake --build $(BUILD) -j $(JOBS)

$(SANBUILD)/build.ninja:
	cmake -S . -B $(SANBUILD) -G Ninja -DCMAKE_BUILD_TYPE=Debug -DNICSIM_SANITIZE=ON $(CMAKE_FLAGS)

build-san: bootstrap $(SANBUILD)/build.ninja
	cmake --build $(SANBUILD) -j $(JOBS)

demo: build
	@scripts/demo $(BUILD)/nicsim

check: build build-san
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)
	cd $(SANBUILD) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j $(JOBS)

check-fast: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

kernel-check: build
	python3 tests/kernel/kernel_check.py --nicsim $(BUILD)/nicsim \
		$(if $(KERNEL_DOCS),--write-docs docs/validation.md)

bench: build
	@scripts/bench $(BUILD)
	@echo
	@scripts/bench-ns3 $(BUILD)

# nicsim against ns-3 (docs/performance.md); BENCH_RUNS=3, BENCH_DURATION=10
bench-ns3: build
	@scripts/bench-ns3 $(BUILD)

# valgrind memcheck of every shipped scenario: MEMCHECK_DURATION caps each
# (2s by default; 'full' runs them as written)
MEMCHECK_DURATION ?= 2s
memcheck: build
	scripts/memcheck $(BUILD)/nicsim $(MEMCHECK_DURATION)

fuzz:
	@scripts/bootstrap --fuzz
	FUZZ_BUILD=$(FUZZBUILD) FUZZ_SECONDS=$(FUZZ_SECONDS) JOBS=$(JOBS) scripts/fuzz

clean:
	rm -rf $(BUILD) $(SANBUILD) $(FUZZBUILD) $(PGOBUILD)

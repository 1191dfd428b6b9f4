# The two commands of the README: `make demo` and `make test`.  CMake does
# the building (with Ninja when present); this file only names the steps.
BUILD ?= build
BUILD_ASAN ?= build-asan
BUILD_FUZZ ?= build-fuzz
BUILD_CLANG ?= build-clang
FUZZ_TIME ?= 60
PREFIX ?= /usr/local
GENERATOR := $(shell command -v ninja >/dev/null 2>&1 && echo Ninja || echo "Unix Makefiles")
CTEST_FLAGS ?= --output-on-failure -j2

.PHONY: all demo test test-asan test-clang fuzz install bench format format-check clean

all: $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD)

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -G "$(GENERATOR)" -DCMAKE_BUILD_TYPE=Release

demo: all
	@echo "== hello from 4 ranks"
	$(BUILD)/bin/mpirun -n 4 $(BUILD)/examples/hello
	@echo "== ping-pong between 2 ranks"
	$(BUILD)/bin/mpirun -n 2 $(BUILD)/examples/pingpong
	@sh examples/python/run_demo.sh $(BUILD)
	@echo "== conjugate gradient on 4 ranks, checked against a serial run"
	$(BUILD)/bin/mpirun -n 4 $(BUILD)/examples/cg

test: all
	cd $(BUILD) && ctest $(CTEST_FLAGS)

# The whole suite again with AddressSanitizer and UndefinedBehaviorSanitizer
# (without the 3 GiB transfer, which would need twice the memory there).
test-asan:
	cmake -S . -B $(BUILD_ASAN) -G "$(GENERATOR)" -DCMAKE_BUILD_TYPE=Debug -DTESSERA_SANITIZE=ON
	cmake --build $(BUILD_ASAN)
	cd $(BUILD_ASAN) && MPITEST_SKIP_HUGE=1 ASAN_OPTIONS=detect_leaks=1:handle_segv=0:abort_on_error=0 ctest $(CTEST_FLAGS)

# The suite built with clang (warnings are errors there too), but for the
# mpi4py test, which would build mpi4py a second time: a clang-built libmpi
# once exported no MPI_ name at all (src/api/weak.h).
test-clang:
	CC=clang cmake -S . -B $(BUILD_CLANG) -G "$(GENERATOR)" -DCMAKE_BUILD_TYPE=Release
	cmake --build $(BUILD_CLANG)
	cd $(BUILD_CLANG) && ctest $(CTEST_FLAGS) -LE ecosystem

# The datatype fuzz target under libFuzzer (clang and its fuzzer runtime,
# Debian's clang and libclang-rt-14-dev) for FUZZ_TIME seconds.  The corpus
# it grows stays in the build folder.
fuzz:
	CC=clang cmake -S . -B $(BUILD_FUZZ) -G "$(GENERATOR)" -DCMAKE_BUILD_TYPE=Debug -DTESSERA_SANITIZE=ON \
		-DTESSERA_LIBFUZZER=ON -DTESSERA_LTO=OFF
	cmake --build $(BUILD_FUZZ) --target dt_fuzz
	mkdir -p $(BUILD_FUZZ)/corpus/dt
	$(BUILD_FUZZ)/tests/dt_fuzz -max_total_time=$(FUZZ_TIME) -max_len=160 -print_final_stats=1 $(BUILD_FUZZ)/corpus/dt

install: all
	cmake --install $(BUILD) --prefix $(PREFIX)

bench: all
	bench/run.sh $(BUILD)
	bench/coll.sh $(BUILD)
	bench/shapes.sh $(BUILD)
	bench/apps.sh $(BUILD)

# Tracked files and new ones not yet added: a new file must not slip past.
FORMAT_FILES = $(shell git ls-files --cached --others --exclude-standard '*.c' '*.h')

format:
	clang-format -i $(FORMAT_FILES)

format-check:
	@clang-format --dry-run --Werror $(FORMAT_FILES)

clean:
	rm -rf $(BUILD) $(BUILD_ASAN) $(BUILD_FUZZ)

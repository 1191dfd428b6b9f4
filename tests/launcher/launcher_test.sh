#!/bin/sh
# launcher_test.sh CASE BUILD_DIR SOURCE_DIR
# Checks one behaviour of mpirun, the compiler wrappers or the library as a
# user meets it.  Exit 0 pass, 1 fail, 77 skip.
case_name=$1
build=$2
src=$3
mpirun="$build/bin/mpirun"
helper="$build/tests/launcher_helper"
work=$(mktemp -d)
# mpirun gives each rank OMP_NUM_THREADS cores by default.
unset OMP_NUM_THREADS
trap 'rm -rf "$work"' EXIT

# A case that started mpirun in the background keeps its pid in $pid: a
# failure kills it (its ranks die with it), so no job outlives the test.
fail() {
    echo "FAIL ($case_name): $*"
    [ -f "$work/out" ] && { echo "--- output:"; cat "$work/out"; }
    [ -n "${pid:-}" ] && kill -KILL "$pid" 2> /dev/null
    exit 1
}

# run ARGS...: run a command with output in $work/out and status in $rc
run() {
    "$@" > "$work/out" 2>&1
    rc=$?
}

expect_rc() {
    [ "$rc" -eq "$1" ] || fail "exit status $rc, expected $1"
}

expect_line() {
    grep -Eq -- "$1" "$work/out" || fail "no line matching: $1"
}

# Exactly one line from mpirun, and it matches $1.
expect_mpirun_line() {
    mpirun_lines=$(grep -c '^mpirun:' "$work/out")
    [ "$mpirun_lines" -eq 1 ] || fail "$mpirun_lines lines from mpirun, expected one"
    expect_line "$1"
}

# No process whose command line has $1 may be left.
# CMake's and Meson's MPI lookups keep only -L/-l link flags, so a consumer
# of a sanitizer build of libmpi lacks the sanitizer runtime; the normal
# build runs those tests.
skip_under_sanitizer() {
    if grep -q '^TESSERA_SANITIZE:BOOL=ON' "$build/CMakeCache.txt" 2> /dev/null; then
        echo "sanitizer build: consumers found by $1 lack the sanitizer runtime; skipped"
        exit 77
    fi
}

# The number of CPUs in a list such as 0-3,8 on stdin.
list_size() {
    awk -F, '{ n = 0; for (i = 1; i <= NF; i++) { split($i, r, "-"); n += (r[2] == "" ? 1 : r[2] - r[1] + 1) } print n }'
}

# wait_for_lines PATTERN N: until $work/out has N lines matching PATTERN
# (a background mpirun's ranks are up), for at most 60 seconds.
wait_for_lines() {
    for _ in $(seq 600); do
        [ "$(grep -c -- "$1" "$work/out")" -ge "$2" ] && return 0
        sleep 0.1
    done
    fail "no $2 lines matching $1"
}

expect_no_process() {
    for _ in 1 2 3 4 5 6 7 8 9 10; do
        pgrep -f "$1" > /dev/null || return 0
        sleep 0.2
    done
    pgrep -af "$1"
    pkill -9 -f "$1"
    fail "processes left behind: $1"
}

case "$case_name" in
clean_output)
    run "$mpirun" -n 4 "$helper" hello
    expect_rc 0
    [ "$(sort "$work/out")" = "$(printf 'rank 0 of 4\nrank 1 of 4\nrank 2 of 4\nrank 3 of 4')" ] ||
        fail "output is not exactly the four hello lines"
    ;;
exit_code)
    run "$mpirun" -n 4 "$helper" exit 3 2
    expect_rc 3
    expect_mpirun_line '^mpirun: rank 2 \(pid [0-9]+\) exited with code 3; stopping 3 other ranks$'
    ;;
segv)
    run "$mpirun" -n 4 "$helper" segv 1
    expect_rc 139
    expect_mpirun_line '^mpirun: rank 1 \(pid [0-9]+\) killed by signal 11 \(Segmentation fault\); stopping 3 other ranks$'
    expect_line '^tessera error: Segmentation fault sent by process [0-9]+ .* \[rank 1\]$'
    ;;
crash_backtrace)
    # A rank that crashes prints the signal, the address and its call
    # stack before mpirun's line; TESSERA_BACKTRACE=0 leaves only that line.
    run "$mpirun" -n 3 "$helper" null 2
    expect_rc 139
    expect_mpirun_line '^mpirun: rank 2 \(pid [0-9]+\) killed by signal 11 \(Segmentation fault\); stopping 2 other ranks$'
    expect_line '^tessera error: Segmentation fault at address 0x10 \(memory read or written through a bad address\); the call stack, innermost first: \[rank 2\]$'
    expect_line '^tessera error:   #0 .*launcher_helper 0x[0-9a-f]+ \[rank 2\]$'
    expect_line '^tessera error:   #[1-9].*launcher_helper 0x[0-9a-f]+ \[rank 2\]$'
    first=$(grep -n '^tessera error: Segmentation fault' "$work/out" | cut -d: -f1)
    said=$(grep -n '^mpirun:' "$work/out" | cut -d: -f1)
    [ "$first" -lt "$said" ] || fail "the backtrace should come before mpirun's line"
    # The address given is the one addr2line wants: it names the function.
    if command -v addr2line > /dev/null; then
        address=$(sed -n 's/^tessera error:   #0 .*launcher_helper \(0x[0-9a-f]*\) .*/\1/p' "$work/out")
        addr2line -f -e "$helper" "$address" | grep -q write_through ||
            fail "addr2line -e launcher_helper $address does not name write_through"
    fi
    TESSERA_BACKTRACE=0 run "$mpirun" -n 3 "$helper" null 2
    expect_rc 139
    expect_mpirun_line '^mpirun: rank 2 .* killed by signal 11'
    grep -q '^tessera error' "$work/out" && fail "TESSERA_BACKTRACE=0 should print no backtrace"
    ;;
abort)
    run "$mpirun" -n 4 "$helper" abort 1 7
    expect_rc 7
    expect_mpirun_line '^mpirun: rank 1 \(pid [0-9]+\) called MPI_Abort with error code 7; stopping 3 other ranks$'
    ;;
nofinalize)
    run "$mpirun" -n 3 "$helper" nofinalize 0
    expect_rc 1
    expect_mpirun_line '^mpirun: rank 0 \(pid [0-9]+\) exited without calling MPI_Finalize; stopping 2 other ranks$'
    ;;
fatal_error)
    run "$mpirun" -n 4 "$helper" fatal
    expect_rc 6 # MPI_ERR_RANK
    expect_line '^MPI_Send: invalid rank 9 for destination \(communicator MPI_COMM_WORLD has 4 ranks\) \[rank 1\]$'
    expect_mpirun_line '^mpirun: rank 1 \(pid [0-9]+\) stopped on an MPI error'
    ;;
before_init)
    run "$helper" before_init
    [ "$rc" -ne 0 ] || fail "a call before MPI_Init exited 0"
    expect_line '^MPI_Send: called before MPI_Init$'
    [ "$(wc -l < "$work/out")" -eq 1 ] || fail "more than one line"
    ;;
stdin)
    head -c 100000 /dev/urandom > "$work/in"
    sum=$(od -An -v -tu1 "$work/in" | tr -s ' ' '\n' | awk '{s+=$1} END {print s}')
    "$mpirun" -n 3 "$helper" stdin < "$work/in" > "$work/out" 2>&1
    rc=$?
    expect_rc 0
    expect_line "^rank 0 read 100000 bytes sum $sum\$"
    expect_line '^rank 1 read 0 bytes sum 0$'
    expect_line '^rank 2 read 0 bytes sum 0$'
    ;;
no_interleave)
    "$mpirun" -n 4 "$helper" lines 2000 > "$work/out" 2> "$work/err"
    rc=$?
    expect_rc 0
    good=$(grep -Ec '^rank ([0-3]) line [0-9]+ (a{300}|b{300}|c{300}|d{300}) end$' "$work/out")
    [ "$good" -eq 8000 ] || fail "$good intact stdout lines of 8000"
    [ "$(wc -l < "$work/out")" -eq 8000 ] || fail "extra stdout lines"
    good=$(grep -Ec '^rank ([0-3]) err [0-9]+ (a{300}|b{300}|c{300}|d{300}) end$' "$work/err")
    [ "$good" -eq 8000 ] || fail "$good intact stderr lines of 8000"
    ;;
tag_output) # Open MPI's spelling and MPICH's two
    for tag in --tag-output -l -prepend-rank; do
        run "$mpirun" -n 2 "$tag" "$helper" hello
        expect_rc 0
        expect_line '^\[0\] rank 0 of 2$'
        expect_line '^\[1\] rank 1 of 2$'
    done
    ;;
timeout)
    # Stopped, after each rank has shown where it waits (in MPI_Recv).
    run "$mpirun" -n 2 --timeout 1 "$helper" sleep
    expect_rc 124
    expect_mpirun_line '^mpirun: job timed out after 1 seconds; stopping 2 ranks$'
    for r in 0 1; do
        expect_line "^tessera info: where this rank is, as mpirun asked; the call stack, innermost first: \[rank $r\]\$"
        expect_line "^tessera info:   #[0-9]+ P?MPI_Recv\+0x[0-9a-f]+ in .*libmpi.* \[rank $r\]\$"
    done
    TESSERA_BACKTRACE=0 run "$mpirun" -n 2 --timeout 1 --get-stack-traces "$helper" sleep
    expect_rc 124
    expect_mpirun_line '^mpirun: job timed out after 1 seconds; stopping 2 ranks$'
    grep -q '^tessera info' "$work/out" && fail "TESSERA_BACKTRACE=0 should print no call stacks"
    ;;
env_timeout)
    MPIEXEC_TIMEOUT=1 "$mpirun" -n 2 "$helper" sleep > "$work/out" 2>&1
    rc=$?
    expect_rc 124
    expect_line 'timed out'
    ;;
sigterm)
    "$mpirun" -n 3 "$helper" sleep > "$work/out" 2>&1 &
    pid=$!
    sleep 1
    kill -TERM "$pid"
    wait "$pid"
    rc=$?
    expect_rc 143
    expect_no_process "$helper sleep"
    ;;
sigquit)
    # Ctrl-\ (SIGQUIT to mpirun): each rank's call stack, then the job quits.
    "$mpirun" -n 3 "$helper" ready > "$work/out" 2>&1 &
    pid=$!
    wait_for_lines 'ready$' 3
    kill -QUIT "$pid"
    wait "$pid"
    rc=$?
    expect_rc 131
    expect_mpirun_line '^mpirun: received signal 3 \(Quit\); stopping 3 ranks after their call stacks$'
    for r in 0 1 2; do
        expect_line "^tessera info:   #[0-9]+ P?MPI_Recv\+0x[0-9a-f]+ in .*libmpi.* \[rank $r\]\$"
    done
    expect_no_process "$helper ready"
    ;;
hang)
    # Every rank waiting in MPI with nothing moving: said once, with the
    # call stacks, and the job goes on.
    TESSERA_HANG_SECONDS=1 "$mpirun" -n 3 "$helper" sleep > "$work/out" 2>&1 &
    pid=$!
    wait_for_lines 'as mpirun asked' 3
    kill -TERM "$pid"
    wait "$pid"
    rc=$?
    expect_rc 143
    [ "$(grep -c '^mpirun: every rank has waited in MPI for 1 s with no message moving: the job may be deadlocked' \
        "$work/out")" -eq 1 ] || fail "the deadlock should be said once"
    for r in 0 1 2; do
        expect_line "^tessera info:   #[0-9]+ P?MPI_Recv\+0x[0-9a-f]+ in .*libmpi.* \[rank $r\]\$"
    done
    # A rank computing while the others wait is no deadlock.
    TESSERA_HANG_SECONDS=1 run "$mpirun" -n 3 "$helper" late 1 3
    expect_rc 0
    [ "$(grep -c '^rank [0-2] done$' "$work/out")" -eq 3 ] || fail "all ranks should finish"
    grep -q 'deadlocked' "$work/out" && fail "a computing rank is not a deadlock"
    ;;
sigusr)
    # SIGUSR1 and SIGUSR2 go on to the ranks, which carry on.
    for sig in USR1 USR2; do
        "$mpirun" -n 2 "$helper" usr1 > "$work/out" 2>&1 &
        pid=$!
        wait_for_lines 'ready$' 2
        kill -"$sig" "$pid"
        if [ "$sig" = USR2 ]; then # it ends ranks that do not wait for it
            wait "$pid"
            rc=$?
            expect_rc 140
            expect_mpirun_line 'killed by signal 12'
        else
            wait "$pid"
            rc=$?
            expect_rc 0
            [ "$(grep -c '^rank [01] got signal 10$' "$work/out")" -eq 2 ] || fail "both ranks should get SIGUSR1"
        fi
    done
    ;;
output_files)
    # --output-filename DIR: each rank's output in DIR/1/rank.N/, and here.
    run "$mpirun" -n 3 --output-filename "$work/o" "$helper" hello
    expect_rc 0
    expect_line '^rank 2 of 3$'
    for r in 0 1 2; do
        [ "$(cat "$work/o/1/rank.$r/stdout")" = "rank $r of 3" ] || fail "rank $r's stdout file"
        [ -f "$work/o/1/rank.$r/stderr" ] && [ ! -s "$work/o/1/rank.$r/stderr" ] || fail "rank $r's stderr file"
    done
    # :nocopy,nojobid: the files only, no job directory; ranks zero-filled.
    run "$mpirun" -n 12 --output-filename "$work/p:nocopy,nojobid" "$helper" hello
    expect_rc 0
    grep -q '^rank' "$work/out" && fail ":nocopy should keep the output off the terminal"
    [ "$(cat "$work/p/rank.07/stdout")" = "rank 7 of 12" ] || fail "rank 7's file should be rank.07"
    # MPICH's patterns: that stream to the file only; mpirun's line stays.
    run "$mpirun" -n 2 -outfile-pattern "$work/q/out.%r" -errfile-pattern "$work/q/err.%r" "$helper" null 1
    expect_rc 139
    expect_mpirun_line 'rank 1 .* killed by signal 11'
    grep -q '^tessera error' "$work/out" && fail "-errfile-pattern should take the backtrace off the terminal"
    grep -q '^tessera error: Segmentation fault' "$work/q/err.1" || fail "rank 1's backtrace should be in err.1"
    [ -f "$work/q/out.0" ] && [ -f "$work/q/err.0" ] || fail "rank 0's files"
    for bad in "--output-filename" "-outfile-pattern"; do
        run "$mpirun" "$bad" "" "$helper" hello
        expect_rc 2
        expect_mpirun_line "^mpirun: $bad needs "
    done
    run "$mpirun" --output-filename "$work/r:copy" "$helper" hello
    expect_rc 2
    expect_mpirun_line "the modifiers after ':' are nocopy and nojobid$"
    run "$mpirun" -n 2 --output-filename /proc/tessera-none "$helper" hello
    expect_rc 1
    expect_mpirun_line "^mpirun: cannot write output to /proc/tessera-none/1/rank.0/stdout: "
    ;;
no_orphans)
    marker="tessera-orphan-$$"
    run "$mpirun" -n 2 "$helper" orphan "$marker"
    expect_rc 139
    expect_no_process "$marker"
    ;;
mpirun_killed)
    "$mpirun" -n 3 "$helper" sleep > /dev/null 2>&1 &
    pid=$!
    sleep 1
    kill -KILL "$pid"
    wait "$pid" 2> /dev/null
    expect_no_process "$helper sleep"
    ;;
no_leftover_shm)
    before=$(ls /dev/shm 2> /dev/null | sort)
    "$mpirun" -n 2 "$helper" hello > /dev/null 2>&1
    "$mpirun" -n 2 "$helper" segv 0 > /dev/null 2>&1
    after=$(ls /dev/shm 2> /dev/null | sort)
    [ "$before" = "$after" ] || fail "files left in /dev/shm: $after"
    ;;
singleton)
    run "$helper" hello
    expect_rc 0
    [ "$(cat "$work/out")" = "rank 0 of 1" ] || fail "singleton output"
    ;;
missing_program)
    run "$mpirun" -n 2 "$work/no-such-program"
    expect_rc 127
    expect_mpirun_line "^mpirun: cannot find program"
    ;;
bind)
    # Where ranks may run: as the README says, a core each by default when
    # they fit (every hardware thread of it, which --report-bindings
    # lists), unbound when they outnumber the CPUs, cyclically with
    # --bind-to hwthread then.  nproc counts the CPUs this test may use.
    n=$(nproc)
    run "$mpirun" -n 1 --report-bindings "$helper" cpus
    expect_rc 0
    expect_mpirun_line "^mpirun: rank 0 bound to Core \(CPUs [0-9,-]+\)$"
    reported=$(sed -n 's/^mpirun: rank 0 bound to Core (CPUs \(.*\))$/\1/p' "$work/out" | list_size)
    expect_line "^rank 0: $reported cpus from "
    run "$mpirun" -n "$n" --bind-to none "$helper" cpus
    expect_rc 0
    [ "$(grep -c ": $n cpus from " "$work/out")" -eq "$n" ] || fail "--bind-to none should leave every rank all $n CPUs"
    over=$((n + 2))
    run "$mpirun" -n "$over" "$helper" cpus
    expect_rc 0
    [ "$(grep -c ": $n cpus from " "$work/out")" -eq "$over" ] || fail "more ranks than CPUs should leave them unbound"
    run "$mpirun" -n "$over" --bind-to hwthread "$helper" cpus
    expect_rc 0
    [ "$(grep -c ': 1 cpus from ' "$work/out")" -eq "$over" ] || fail "--bind-to hwthread should bind every rank to one CPU"
    cpu_of() { sed -n "s/^rank $1: 1 cpus from //p" "$work/out"; }
    [ "$(cpu_of 0)" = "$(cpu_of "$n")" ] && [ "$(cpu_of 1)" = "$(cpu_of $((n + 1)))" ] ||
        fail "rank r and rank r + $n should share a CPU"
    [ "$(for r in $(seq 0 $((n - 1))); do cpu_of "$r"; done | sort -u | wc -l)" -eq "$n" ] ||
        fail "the first $n ranks should have a CPU each"
    # --bind-to core: rank r and r + n on one core, and bound to what
    # mpirun reports.
    run "$mpirun" -n "$over" --bind-to core --report-bindings "$helper" cpus
    expect_rc 0
    for r in 0 1 "$n" $((n + 1)); do
        cpus=$(sed -n "s/^mpirun: rank $r bound to Core (CPUs \(.*\))\$/\1/p" "$work/out")
        expect_line "^rank $r: $(echo "$cpus" | list_size) cpus from ${cpus%%[-,]*}\$"
    done
    [ "$(sed -n 's/^mpirun: rank 0 bound to Core //p' "$work/out")" = \
        "$(sed -n "s/^mpirun: rank $n bound to Core //p" "$work/out")" ] || fail "rank 0 and rank $n should share a core"
    ;;
placement) # --report-bindings, --bind-to and --map-by levels, ppr, -ppn
    n=$(nproc)
    run "$mpirun" -n 2 --bind-to board --report-bindings "$helper" cpus
    expect_rc 0
    [ "$(grep -c ": $n cpus from " "$work/out")" -eq 2 ] || fail "--bind-to board should give every rank all $n CPUs"
    [ "$(grep -c '^mpirun: rank [01] bound to the machine (CPUs ' "$work/out")" -eq 2 ] || fail "one report a rank"
    over=$((n + 1))
    run "$mpirun" -n "$over" --report-bindings "$helper" cpus
    expect_rc 0
    [ "$(grep -c '^mpirun: rank [0-9]* not bound (CPUs ' "$work/out")" -eq "$over" ] ||
        fail "ranks outnumbering CPUs should be reported unbound"
    for level in socket package numa l3cache l2cache l1cache core hwthread; do
        run "$mpirun" -n 2 --map-by "$level" --bind-to "$level" "$helper" cpus
        expect_rc 0
        [ "$(grep -c ': [0-9]* cpus from ' "$work/out")" -eq 2 ] || fail "--map-by/--bind-to $level: two ranks"
    done
    run "$mpirun" -n 2 --map-by slot:OVERSUBSCRIBE --bind-to hwthread:overload-allowed "$helper" cpus
    expect_rc 0
    # Open MPI's component parameters: a warning each, then the job.
    run "$mpirun" -n 2 --mca btl self,vader -mca mpi_yield_when_idle 1 "$helper" cpus
    expect_rc 0
    [ "$(grep -c '^mpirun: warning: -*mca .* is Open MPI.s and changes nothing under Tessera' "$work/out")" -eq 2 ] ||
        fail "one warning a --mca"
    [ "$(grep -c ': [0-9]* cpus from ' "$work/out")" -eq 2 ] || fail "the job should run after --mca"
    run "$mpirun" --mca btl
    expect_rc 2
    expect_mpirun_line "^mpirun: --mca needs NAME VALUE$"
    # ppr:N:level without -n: N ranks in every domain of the level.
    run "$mpirun" --map-by ppr:2:hwthread "$helper" cpus
    expect_rc 0
    [ "$(grep -c ': [0-9]* cpus from ' "$work/out")" -eq $((2 * n)) ] || fail "ppr:2:hwthread should start $((2 * n)) ranks"
    run "$mpirun" --map-by ppr:3:node "$helper" cpus
    expect_rc 0
    [ "$(grep -c ': [0-9]* cpus from ' "$work/out")" -eq 3 ] || fail "ppr:3:node should start 3 ranks"
    run "$mpirun" -ppn 3 "$helper" cpus
    expect_rc 0
    [ "$(grep -c ': [0-9]* cpus from ' "$work/out")" -eq 3 ] || fail "-ppn 3 should start 3 ranks"
    run "$mpirun" -n 2 --npernode 3 "$helper" cpus
    expect_rc 0
    [ "$(grep -c ': [0-9]* cpus from ' "$work/out")" -eq 2 ] || fail "-n 2 --npernode 3 should start 2 ranks"
    # Several cores a rank: every spelling, and OMP_NUM_THREADS by default.
    for cores in "--map-by core:PE=$n" "--cpus-per-rank $n" "--bind-to core:$n" "-x OMP_NUM_THREADS=$n"; do
        # shellcheck disable=SC2086
        run "$mpirun" -n 1 $cores "$helper" cpus
        expect_rc 0
        expect_line "^rank 0: $n cpus from "
    done
    run "$mpirun" -n 4 -ppn 2 "$helper" cpus
    expect_rc 2
    expect_mpirun_line "4 ranks at 2 a node need 2 nodes: Tessera runs the job on this node only"
    for bad in "--bind-to cores" "--bind-to core:x" "--map-by core:PE=two" "--map-by none" "--map-by ppr:0:core" \
        "--map-by ppr:1" "--map-by core:PE=0" "--bind-to"; do
        # shellcheck disable=SC2086
        run "$mpirun" $bad "$helper" cpus
        expect_rc 2
        expect_mpirun_line "^mpirun: --(bind-to|map-by)"
    done
    ;;
info_and_tunables)
    run "$mpirun" --info
    expect_rc 0
    expect_line '^TESSERA_EAGER_LIMIT +='
    TESSERA_EAGR_LIMIT=1 "$mpirun" -n 2 "$helper" hello > "$work/out" 2>&1
    rc=$?
    expect_rc 0
    expect_mpirun_line 'unknown variable TESSERA_EAGR_LIMIT'
    [ "$(grep -c . "$work/out")" -eq 3 ] || fail "the warning should be said once"
    ;;
proto_info)
    prog="$build/tests/mpi/pingpong_sizes"
    # The rings for large messages, whatever mpirun measures here.
    TESSERA_PROTO_INFO=1 TESSERA_PULLS=rings "$mpirun" -n 2 "$prog" > "$work/out" 2>&1
    rc=$?
    expect_rc 0
    for p in eager-inline eager-ring rndv-pipeline; do
        n=$(grep -c "^tessera info: protocol $p with rank 1: .* \[rank 0\]\$" "$work/out")
        [ "$n" -eq 1 ] || fail "$p reported $n times by rank 0, expected once"
    done
    expect_line 'rndv-pipeline with rank 1: single copy is off \(TESSERA_SINGLE_COPY=1 turns it on\)'
    TESSERA_PROTO_INFO=1 TESSERA_SINGLE_COPY=1 "$mpirun" -n 2 "$prog" > "$work/out" 2>&1
    rc=$?
    expect_rc 0
    expect_line '^tessera info: protocol rndv-cma with rank 1: .*process_vm_readv'
    TESSERA_PROTO_INFO=1 TESSERA_PULLS=pull "$mpirun" -n 2 "$prog" > "$work/out" 2>&1
    rc=$?
    expect_rc 0
    expect_line '^tessera info: protocol rndv-split with rank 1: .*half by each side'
    # mpirun's measurement of rings against pulls between two cores
    # (tools/mpirun/probe.c): reported, and skipped when the choice is made.
    if [ "$(nproc)" -ge 2 ]; then
        TESSERA_PROTO_INFO=1 "$mpirun" -n 2 "$prog" > "$work/out" 2>&1
        expect_line '^mpirun: between CPUs [0-9]+ and [0-9]+ a 256 KiB block swapped in [0-9.]+ us through shared memory, [0-9.]+ us with process_vm_readv.*: (large blocks are read or written with one copy|they go through the rings)$'
    fi
    TESSERA_PROTO_INFO=1 TESSERA_PULLS=rings "$mpirun" -n 2 "$prog" > "$work/out" 2>&1
    ! grep -q 'between CPUs' "$work/out" || fail "measured although TESSERA_PULLS chose"
    TESSERA_PROTO_INFO=1 "$mpirun" -n 1 "$build/tests/mpi/self" > "$work/out" 2>&1
    expect_line '^tessera info: protocol self with rank 0'
    # Four ranks on one CPU: a scatter's large blocks are pulled only
    # where pulls pay (p2p/rndv.c: rndv_init), forced here either way;
    # TESSERA_COLL_SINGLE_COPY=1 set pulls regardless.
    if command -v taskset > /dev/null; then
        for pulls in rings pull rings-explicit; do
            env_set="TESSERA_PULLS=${pulls%-explicit}"
            [ "$pulls" = rings-explicit ] && env_set="$env_set TESSERA_COLL_SINGLE_COPY=1"
            env TESSERA_PROTO_INFO=1 $env_set taskset -c 0 "$mpirun" -n 4 "$helper" scatter 131072 > "$work/out" 2>&1
            rc=$?
            expect_rc 0
            [ "$(grep -c 'scatter of 131072 bytes, 0 wrong' "$work/out")" -eq 4 ] || fail "scatter ($pulls) went wrong"
            if [ "$pulls" = rings ]; then
                expect_line '^tessera info: protocol rndv-pipeline with rank 0: a collective.s block through the data ring: ranks outnumber cores'
                ! grep -q 'rndv-cma' "$work/out" || fail "pulled with TESSERA_PULLS=rings"
            else
                expect_line '^tessera info: protocol rndv-cma with rank 0: large message read with one process_vm_readv copy'
            fi
        done
    fi
    ;;
polling) # a loop of MPI_Test or MPI_Testall steps aside for the ranks beside it
    command -v taskset > /dev/null || { echo "no taskset; skipped"; exit 77; }
    # Four ranks on one CPU: each round a nonblocking allreduce and a pair
    # exchange, polled until done.  A loop that never yields keeps the
    # ranks it waits for off the CPU until its time slice ends (hundreds
    # of thousands of tests a round); stepping aside as a wait does, a few
    # tests a round.  progress/progress.c: progress_test_idle.
    run taskset -c 0 "$mpirun" -n 4 "$helper" polls 200
    expect_rc 0
    [ "$(grep -c '^rank [0-3]: polls: 200 rounds, 0 wrong, ' "$work/out")" -eq 4 ] || fail "every rank's sums and messages"
    awk '/polls: 200 rounds/ { if ($(NF - 1) + 0 > 200 * 100) bad = 1 } END { exit bad }' "$work/out" ||
        fail "more than 100 tests a round: a polling loop kept the other ranks off the CPU"
    ;;
mpicc_show)
    run "$build/bin/mpicc" -show
    expect_line "-I$build/include"
    expect_line "-lmpi"
    run "$build/bin/mpicc" --showme:compile
    expect_line "^-I$build/include\$"
    run "$build/bin/mpicxx" -show foo.cc
    expect_line '^c\+\+ '
    TESSERA_CC=gcc-fake "$build/bin/mpicc" -show x.c > "$work/out"
    expect_line '^gcc-fake '
    run "$build/bin/mpicc" --showme:version
    expect_line '^mpicc: Tessera [0-9]+\.[0-9]+\.[0-9]+$'
    ;;
mpicc_compile)
    run "$build/bin/mpicc" -Wall -Wextra -Werror -o "$work/hello" "$src/examples/hello.c"
    expect_rc 0
    run "$mpirun" -n 2 "$work/hello"
    expect_rc 0
    [ "$(grep -c '^Hello from rank' "$work/out")" -eq 2 ] || fail "hello output"
    ;;
header_c_and_cxx)
    printf '#include <mpi.h>\nint main(void) { MPI_Comm c = MPI_COMM_WORLD; MPI_Datatype t = MPI_INT; (void)c; (void)t; return MPI_SUCCESS; }\n' > "$work/h.c"
    for std in c99 c11 c17; do
        run cc -std=$std -Wall -Wextra -Werror -pedantic -I"$build/include" -c "$work/h.c" -o "$work/h.o"
        expect_rc 0
    done
    cp "$work/h.c" "$work/h.cc"
    if command -v c++ > /dev/null; then
        for std in c++11 c++17; do
            run c++ -std=$std -Wall -Wextra -Werror -I"$build/include" -c "$work/h.cc" -o "$work/h.o"
            expect_rc 0
        done
        run "$build/bin/mpicxx" -Wall -Werror -o "$work/hcc" "$work/h.cc"
        expect_rc 0
    fi
    ;;
install_moved)
    cmake --install "$build" --prefix "$work/a" > /dev/null || fail "install"
    for f in bin/mpicc bin/mpicxx bin/mpirun bin/mpiexec include/mpi.h lib/libmpi.so lib/pkgconfig/mpi.pc; do
        [ -e "$work/a/$f" ] || fail "install lacks $f"
    done
    readelf -d "$work/a/lib/libmpi.so" | grep -q 'SONAME.*libmpi.so.0' || fail "no soname"
    mv "$work/a" "$work/b"
    run "$work/b/bin/mpicc" -o "$work/hello" "$src/examples/hello.c"
    expect_rc 0
    run "$work/b/bin/mpiexec" -n 2 "$work/hello"
    expect_rc 0
    [ "$(grep -c '^Hello from rank' "$work/out")" -eq 2 ] || fail "hello output from moved install"
    if command -v pkg-config > /dev/null; then
        PKG_CONFIG_PATH="$work/b/lib/pkgconfig" pkg-config --cflags mpi > "$work/out"
        expect_line "^-I$work/b/lib/pkgconfig/../../include"
    fi
    ;;
foreign_program)
    # A program built with another MPI's mpicc is refused, naming that MPI.
    other=""
    for cc in mpicc.openmpi mpicc.mpich; do
        command -v $cc > /dev/null && other=$cc && break
    done
    [ -n "$other" ] || { echo "no other MPI's mpicc here; skipped"; exit 77; }
    $other -o "$work/other" "$src/examples/hello.c" > /dev/null 2>&1 || { echo "$other cannot build; skipped"; exit 77; }
    run "$mpirun" -n 2 "$work/other"
    expect_rc 1
    expect_mpirun_line "is linked with (Open MPI|MPICH).*not Tessera"
    grep -q '^Hello' "$work/out" && fail "the program was started"
    ;;
foreign_launcher)
    # Started by another MPI's launcher for several ranks: it says so
    # instead of running as one of N singletons.
    run "$build/bin/mpicc" -o "$work/hello" "$src/examples/hello.c"
    expect_rc 0
    OMPI_COMM_WORLD_SIZE=4 OMPI_COMM_WORLD_RANK=3 "$work/hello" > "$work/out" 2>&1
    rc=$?
    [ "$rc" -ne 0 ] || fail "exit status 0 under Open MPI's variables"
    expect_line "started by Open MPI's mpirun as rank 3 of 4"
    grep -q '^Hello' "$work/out" && fail "the program ran as a singleton"
    PMI_SIZE=2 PMI_RANK=0 "$work/hello" > "$work/out" 2>&1
    rc=$?
    [ "$rc" -ne 0 ] || fail "exit status 0 under PMI variables"
    expect_line "started by a PMI launcher.*as rank 0 of 2"
    # A job of one under such a launcher is an ordinary singleton.
    PMI_SIZE=1 PMI_RANK=0 "$work/hello" > "$work/out" 2>&1
    rc=$?
    expect_rc 0
    expect_line "^Hello from rank 0 of 1"
    ;;
cmake_find_mpi)
    # A project that finds MPI the usual CMake way builds against an
    # installed Tessera found through PATH.
    skip_under_sanitizer CMake
    cmake --install "$build" --prefix "$work/inst" > /dev/null || fail "install"
    mkdir -p "$work/proj"
    cp "$src/examples/hello.c" "$work/proj/"
    cat > "$work/proj/CMakeLists.txt" << 'EOF2'
cmake_minimum_required(VERSION 3.10)
project(consumer C)
find_package(MPI REQUIRED)
add_executable(hello hello.c)
target_link_libraries(hello PRIVATE MPI::MPI_C)
EOF2
    PATH="$work/inst/bin:$PATH" run cmake -S "$work/proj" -B "$work/proj/build"
    expect_rc 0
    expect_line "Found MPI_C: .*$work/inst"
    run cmake --build "$work/proj/build"
    expect_rc 0
    run "$work/inst/bin/mpirun" -n 2 "$work/proj/build/hello"
    expect_rc 0
    [ "$(grep -c '^Hello from rank' "$work/out")" -eq 2 ] || fail "hello output"
    ;;
meson_dependency)
    # dependency('mpi') in Meson finds an installed Tessera's mpicc on PATH.
    command -v meson > /dev/null || { echo "no meson; skipped"; exit 77; }
    skip_under_sanitizer Meson
    cmake --install "$build" --prefix "$work/inst" > /dev/null || fail "install"
    mkdir -p "$work/proj"
    cp "$src/examples/hello.c" "$work/proj/"
    printf "project('consumer', 'c')\nexecutable('hello', 'hello.c', dependencies: dependency('mpi', language: 'c'))\n" \
        > "$work/proj/meson.build"
    # Meson looks for Open MPI's pkg-config package (ompi-c) before any
    # mpicc: keep a system Open MPI out of the way.
    (cd "$work/proj" && PKG_CONFIG_LIBDIR="$work/inst/lib/pkgconfig" PATH="$work/inst/bin:$PATH" meson setup build) \
        > "$work/out" 2>&1
    rc=$?
    expect_rc 0
    expect_line "Run-time dependency MPI for c found: YES"
    run ninja -C "$work/proj/build"
    expect_rc 0
    ldd "$work/proj/build/hello" | grep -q "$work/inst/lib/libmpi.so" || fail "not linked with the installed Tessera"
    run "$work/inst/bin/mpirun" -n 2 "$work/proj/build/hello"
    expect_rc 0
    [ "$(grep -c '^Hello from rank' "$work/out")" -eq 2 ] || fail "hello output"
    ;;
pkg_config)
    # Both names other implementations use: mpi and mpi-c.
    command -v pkg-config > /dev/null || { echo "no pkg-config; skipped"; exit 77; }
    for name in mpi mpi-c; do
        flags=$(PKG_CONFIG_PATH="$build/lib/pkgconfig" pkg-config --cflags --libs $name) || fail "pkg-config $name"
        run cc -o "$work/hello-$name" "$src/examples/hello.c" $flags
        expect_rc 0
        run "$mpirun" -n 2 "$work/hello-$name"
        expect_rc 0
        [ "$(grep -c '^Hello from rank' "$work/out")" -eq 2 ] || fail "hello output ($name)"
    done
    ;;
exports)
    lib="$build/lib/libmpi.so"
    nm -D --defined-only "$lib" | awk '{print $3}' | grep -Ev '^P?MPI_' > "$work/out"
    [ ! -s "$work/out" ] || fail "symbols outside MPI_/PMPI_ exported"
    nm -D --defined-only "$lib" | awk '$3 ~ /^MPI_/ && $2 != "W" {print}' > "$work/out"
    [ ! -s "$work/out" ] || fail "MPI_ symbols that are not weak"
    for f in $(nm -D --defined-only "$lib" | awk '$3 ~ /^MPI_/ {print $3}'); do
        nm -D --defined-only "$lib" | grep -q " T P$f\$" || fail "$f has no PMPI_ twin"
    done
    ;;
env_options)
    # Open MPI's -x and MPICH's -genv / -env set a variable in every rank;
    # -x NAME and -genvall pass on what every rank gets anyway.  A
    # TESSERA_* variable reaches mpirun too (it warns about a bad value).
    unset TESSERA_TEST_B
    TESSERA_TEST_KEPT=kept run "$mpirun" -n 2 -x TESSERA_TEST_A=a=1 -genv TESSERA_TEST_B 'b c' -env TESSERA_TEST_C '' \
        -x TESSERA_TEST_KEPT -genvall sh -c 'echo "A=$TESSERA_TEST_A B=$TESSERA_TEST_B C=${TESSERA_TEST_C-unset} K=$TESSERA_TEST_KEPT"'
    expect_rc 0
    [ "$(grep -c '^A=a=1 B=b c C= K=kept$' "$work/out")" -eq 2 ] || fail "both ranks should see the variables"
    run "$mpirun" -n 1 -genv TESSERA_COLL_BCAST bogus "$helper" hello
    expect_rc 0
    expect_line "^mpirun: warning: bad value 'bogus' for TESSERA_COLL_BCAST"
    for bad in "-x =v" "-x" "-genv NAME"; do
        run "$mpirun" $bad
        expect_rc 2
        expect_mpirun_line "^mpirun: -(x|genv) needs"
    done
    ;;
wdir)
    mkdir "$work/dir"
    cp "$helper" "$work/dir/prog"
    run "$mpirun" -n 2 -wdir "$work/dir" sh -c 'pwd'
    expect_rc 0
    [ "$(grep -c "^$work/dir\$" "$work/out")" -eq 2 ] || fail "-wdir: both ranks should run in the directory"
    # The program is looked for there too, as the ranks would find it.
    run "$mpirun" -n 2 --wdir "$work/dir" ./prog hello
    expect_rc 0
    expect_line '^rank 1 of 2$'
    run "$mpirun" -n 1 -wd "$work/none" true
    expect_rc 2
    expect_mpirun_line "^mpirun: -wd $work/none: No such file or directory$"
    ;;
commands)
    # Several commands (MPMD), as Open MPI and MPICH take them: one world,
    # each rank told its command (MPI_APPNUM) and that command's size
    # (MPI_INFO_ENV's maxprocs); the options before the first program are
    # the job's.
    cp "$helper" "$work/other"
    run "$mpirun" --tag-output -n 2 "$helper" command a : -np 3 "$work/other" command b : "$helper" command c
    expect_rc 0
    for r in 0 1; do expect_line "^\[$r\] rank $r of 6 \(6 answered\): command 0, maxprocs 2, a$"; done
    for r in 2 3 4; do expect_line "^\[$r\] rank $r of 6 \(6 answered\): command 1, maxprocs 3, b$"; done
    expect_line '^\[5\] rank 5 of 6 \(6 answered\): command 2, maxprocs 1, c$'
    [ "$(grep -c 'answered' "$work/out")" -eq 6 ] || fail "six ranks should answer"
    # Alone, command 0 and the world's size.
    run "$mpirun" -n 2 "$helper" command
    expect_rc 0
    expect_line '^rank 1 of 2 \(2 answered\): command 0, maxprocs 2, -$'
    run "$mpirun" -n 2 "$helper" hello : -n 1
    expect_rc 2
    expect_mpirun_line "^mpirun: no program after ':'$"
    run "$mpirun" -n 2 : "$helper" hello
    expect_rc 2
    expect_mpirun_line "^mpirun: no program before ':'$"
    run "$mpirun" -n 1 "$helper" hello : --tag-output "$helper" hello
    expect_rc 2
    expect_mpirun_line "^mpirun: '--tag-output' after ':': a later command takes only -n"
    run "$mpirun" -n 1 "$helper" hello : "$work/none" hello
    expect_rc 127
    expect_mpirun_line "^mpirun: cannot find program '$work/none'"
    grep -q '^rank' "$work/out" && fail "a rank started"
    ;;
hosts)
    # One node: a host list naming only this one is accepted, any other
    # host refused before anything starts.
    run "$mpirun" -n 2 --host "localhost:2,$(uname -n)" "$helper" hello
    expect_rc 0
    expect_line '^rank 1 of 2$'
    run "$mpirun" -n 2 -hosts 127.0.0.1 -H localhost "$helper" hello
    expect_rc 0
    run "$mpirun" -n 2 -H localhost,tessera-no-such-host:4 "$helper" hello
    expect_rc 2
    expect_mpirun_line "^mpirun: -H localhost,tessera-no-such-host:4: Tessera runs the job on this node only, and 'tessera-no-such-host' is another host$"
    grep -q '^rank' "$work/out" && fail "a rank started"
    # Host files as Open MPI and MPICH write them.
    printf '# this node\nlocalhost slots=2\n\n127.0.0.1:2\n' > "$work/hosts"
    run "$mpirun" -n 2 --hostfile "$work/hosts" "$helper" hello
    expect_rc 0
    expect_line '^rank 1 of 2$'
    printf 'localhost slots=2\n  tessera-no-such-host slots=2 # another\n' > "$work/hosts"
    run "$mpirun" -n 2 -f "$work/hosts" "$helper" hello
    expect_rc 2
    expect_mpirun_line "^mpirun: -f $work/hosts: Tessera runs the job on this node only, and 'tessera-no-such-host' is another host$"
    run "$mpirun" -n 2 -machinefile "$work/none" "$helper" hello
    expect_rc 2
    expect_mpirun_line "^mpirun: -machinefile $work/none: No such file or directory$"
    # Without -n, a rank a slot: host:N, 1 for a bare --host entry,
    # slots=N or host:N in a file and the cores for a bare line there.
    run "$mpirun" --host localhost:2,127.0.0.1 "$helper" hello
    expect_rc 0
    expect_line '^rank 2 of 3$'
    printf 'localhost slots=2 max_slots=8
127.0.0.1:3
' > "$work/hosts"
    run "$mpirun" --hostfile "$work/hosts" "$helper" hello
    expect_rc 0
    expect_line '^rank 4 of 5$'
    printf 'localhost max_slots=8
' > "$work/hosts"
    run "$mpirun" --hostfile "$work/hosts" --report-bindings "$helper" hello
    expect_rc 0
    cores=$(grep -c '^rank [0-9]* of ' "$work/out")
    [ "$cores" -ge 1 ] && [ "$cores" -le "$(nproc)" ] || fail "a bare host should give a rank a core, got $cores ranks"
    grep -q "^rank 0 of $cores\$" "$work/out" || fail "rank 0 should be one of $cores"
    run "$mpirun" -n 1 --host localhost:4 "$helper" hello
    expect_rc 0
    expect_line '^rank 0 of 1$'
    ;;
*)
    fail "unknown case"
    ;;
esac
exit 0

# mpis.sh -- sourced by the benchmark scripts: which MPIs there are and how
# to build and start a program with each.  Sets cc[m] (the compiler
# wrapper), run[m] (the launcher, without -n), pin[m] (its option for one
# rank per core; Tessera pins by default) and mpis (tessera, then mpich and
# openmpi when their Debian packages are installed).  Needs $build,
# Tessera's build folder.
declare -A cc run pin
cc[tessera]="$build/bin/mpicc"
run[tessera]="$build/bin/mpirun"
if command -v mpicc.mpich > /dev/null; then
    cc[mpich]=mpicc.mpich
    run[mpich]="mpirun.mpich"
    pin[mpich]="-bind-to core"
fi
if command -v mpicc.openmpi > /dev/null; then
    cc[openmpi]=mpicc.openmpi
    run[openmpi]="mpirun.openmpi --allow-run-as-root --oversubscribe"
    pin[openmpi]="--bind-to core"
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
mpis=(tessera)
for m in mpich openmpi; do [ -n "${cc[$m]:-}" ] && mpis+=("$m"); done

# mpis_from K: the MPIs in the array turn, starting from the K-th (modulo
# their number).  A script that runs each case under every MPI, one right
# after the other, rotates which goes first: this machine's speed changes
# from one minute to the next.
mpis_from() {
    turn=()
    for ((j = 0; j < ${#mpis[@]}; j++)); do turn+=("${mpis[$((($1 + j) % ${#mpis[@]}))]}"); done
}

# launch M N: the command that starts N ranks with MPI M, the peers bound
# one rank per core where there are cores enough (Tessera binds by
# itself); oversubscribed, each MPI's defaults.
launch() {
    local bind=""
    [ "$2" -le "$(nproc)" ] && bind=${pin[$1]:-}
    echo "${run[$1]} -n $2 $bind"
}

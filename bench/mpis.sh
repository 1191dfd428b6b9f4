# mpis.sh -- sourced by the benchmark scripts: which MPIs there are and how
# to build and start a program with each.  Sets cc[m] (the compiler
# wrapper), run[m] (the launcher, without -n) and mpis (tessera, then
# mpich and openmpi when their Debian packages are installed).  Needs
# $build, Tessera's build folder.
declare -A cc run
cc[tessera]="$build/bin/mpicc"
run[tessera]="$build/bin/mpirun"
if command -v mpicc.mpich > /dev/null; then
    cc[mpich]=mpicc.mpich
    run[mpich]="mpirun.mpich"
fi
if command -v mpicc.openmpi > /dev/null; then
    cc[openmpi]=mpicc.openmpi
    run[openmpi]="mpirun.openmpi --allow-run-as-root --oversubscribe"
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
mpis=(tessera)
for m in mpich openmpi; do [ -n "${cc[$m]:-}" ] && mpis+=("$m"); done

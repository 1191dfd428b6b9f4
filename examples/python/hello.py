"""hello.py -- every rank says who it is; rank 0 gathers the greetings.

    mpirun -n 4 python3 examples/python/hello.py
"""
from mpi4py import MPI

comm = MPI.COMM_WORLD
greeting = f"rank {comm.rank} of {comm.size} on {MPI.Get_processor_name()}"
everyone = comm.gather(greeting, root=0)
if comm.rank == 0:
    print(MPI.Get_library_version().splitlines()[0])
    for line in everyone:
        print("  hello from", line)

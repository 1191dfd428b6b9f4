"""allreduce.py -- a global sum three ways: a Python object (pickled), a
NumPy array (the buffer interface), and in place; each checked against
the closed form.

    mpirun -n 4 python3 examples/python/allreduce.py
"""
import sys

import numpy as np
from mpi4py import MPI

comm = MPI.COMM_WORLD
n = 1_000_000
expected_ranks = comm.size * (comm.size - 1) // 2

total = comm.allreduce(comm.rank, op=MPI.SUM)

mine = np.full(n, comm.rank, dtype=np.int64)
summed = np.empty_like(mine)
comm.Allreduce(mine, summed, op=MPI.SUM)

in_place = np.arange(n, dtype=np.float64)
comm.Allreduce(MPI.IN_PLACE, in_place, op=MPI.SUM)

ok = (
    total == expected_ranks
    and np.all(summed == expected_ranks)
    and np.array_equal(in_place, np.arange(n, dtype=np.float64) * comm.size)
)
if comm.rank == 0:
    print(f"sum of ranks over {comm.size} processes: {total}; "
          f"{n} int64 and {n} float64 summed elementwise: {'correct' if ok else 'WRONG'}")
sys.exit(0 if ok else 1)

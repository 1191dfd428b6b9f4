"""pingpong.py -- NumPy arrays between two ranks with the buffer interface
(Send/Recv with capital letters: no pickling, one copy), timing each size.

    mpirun -n 2 python3 examples/python/pingpong.py
"""
import sys

import numpy as np
from mpi4py import MPI

comm = MPI.COMM_WORLD
if comm.size != 2:
    if comm.rank == 0:
        print("pingpong.py needs exactly 2 ranks")
    sys.exit(1)
peer = 1 - comm.rank
if comm.rank == 0:
    print(f"{'bytes':>10} {'round trip (us)':>16} {'MB/s':>10}")
for size in (8, 1024, 64 * 1024, 1024 * 1024, 8 * 1024 * 1024):
    data = np.arange(size // 8, dtype=np.float64) + comm.rank
    back = np.empty_like(data)
    repeat = 200 if size <= 64 * 1024 else 20
    comm.Barrier()
    start = MPI.Wtime()
    for _ in range(repeat):
        if comm.rank == 0:
            comm.Send(data, dest=peer, tag=1)
            comm.Recv(back, source=peer, tag=2)
        else:
            comm.Recv(back, source=peer, tag=1)
            comm.Send(back, dest=peer, tag=2)
    elapsed = (MPI.Wtime() - start) / repeat
    if comm.rank == 0:
        if not np.array_equal(back, data):
            print(f"wrong data back at {size} bytes")
            sys.exit(1)
        print(f"{size:>10} {elapsed * 1e6:>16.1f} {2 * size / elapsed / 1e6:>10.0f}")

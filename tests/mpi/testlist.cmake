# Every MPI test program and the rank counts it runs at.  Counts above 2
# oversubscribe the 2-core CI machine on purpose.
tessera_mpi_test(init/environment 1 2 4)
tessera_mpi_test(pt2pt/pingpong_sizes 2 4 8)
tessera_mpi_test(pt2pt/ring 1 2 4 8)
tessera_mpi_test(pt2pt/allpairs_wildcard 1 2 4 8)
tessera_mpi_test(pt2pt/ordering 2 4 8)
tessera_mpi_test(pt2pt/truncate 1 2)
tessera_mpi_test(pt2pt/self 1 2 4)
tessera_mpi_test(pt2pt/many_outstanding 1 2 4 8)
tessera_mpi_test(pt2pt/null_and_test 1 2 4)
tessera_mpi_test(pt2pt/completion 1 2 4)
tessera_mpi_test(pt2pt/probe 1 2 4)
tessera_mpi_test(pt2pt/send_modes 1 2 4 8)
tessera_mpi_test(errors/bad_args 1 2 4)
tessera_mpi_test(errors/after_finalize 1 2)

# The same programs over the other protocol paths: single copy, a small
# ring (pipelining, full rings, wrap-around), and every wait mode.
tessera_mpi_test_with(cma TESSERA_SINGLE_COPY=1 pt2pt/pingpong_sizes 2 4)
tessera_mpi_test_with(cma TESSERA_SINGLE_COPY=1 pt2pt/allpairs_wildcard 4)
tessera_mpi_test_with(cma TESSERA_SINGLE_COPY=1 pt2pt/truncate 2)
tessera_mpi_test_with(smallring "TESSERA_RING_DATA_BYTES=8192;TESSERA_RING_SLOTS=8" pt2pt/pingpong_sizes 2)
tessera_mpi_test_with(smallring "TESSERA_RING_DATA_BYTES=8192;TESSERA_RING_SLOTS=8" pt2pt/ordering 4)
tessera_mpi_test_with(smallring "TESSERA_RING_DATA_BYTES=8192;TESSERA_RING_SLOTS=8" pt2pt/many_outstanding 4)
tessera_mpi_test_with(sleep TESSERA_WAIT=sleep pt2pt/allpairs_wildcard 2 8)
tessera_mpi_test_with(spin TESSERA_WAIT=spin pt2pt/ring 2)
tessera_mpi_test_with(cma TESSERA_SINGLE_COPY=1 pt2pt/send_modes 2)

/*
 * crash.h -- a rank that crashes says where.
 *
 * On SIGSEGV, SIGBUS, SIGFPE, SIGILL or SIGABRT the process writes one line
 * naming the signal, the faulting address and the rank, then its call
 * stack a frame a line (function+offset and object+offset, for addr2line),
 * and dies of the same signal, so mpirun still reports the rank killed by
 * it.  Open MPI prints such a backtrace too; without one, a crash in a
 * many-rank job says only which rank died.  A handler the program (or a
 * sanitizer) installed first is left alone; TESSERA_BACKTRACE=0 turns this
 * off.
 */
#ifndef TESSERA_RUNTIME_CRASH_H
#define TESSERA_RUNTIME_CRASH_H

#include <stdint.h>

/* Install the handlers for the signals still at their default; rank is
 * named in the lines (-1: a process started alone). */
void crash_handlers_install(int rank);

/* Install a handler that prints the call stack of the thread it
 * interrupts, then counts it in *printed, on a real-time signal the
 * program leaves at its default; returns the signal, or 0 when none is
 * free.  mpirun sends it to every rank when the job times out, when it
 * gets SIGQUIT, and when every rank has long waited with nothing moving,
 * so that a hung job shows where each rank waits. */
int crash_stack_signal_install(_Atomic uint32_t *printed);

#endif

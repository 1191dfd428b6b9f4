/*
 * runtime.h -- the life of the library in a process: MPI_Init to
 * MPI_Finalize, how the job is ended, and the clock.
 */
#ifndef TESSERA_RUNTIME_RUNTIME_H
#define TESSERA_RUNTIME_RUNTIME_H

#include <stdbool.h>
#include <stdnoreturn.h>

#include "mpi.h"

enum runtime_phase {
    RUNTIME_NOT_STARTED = 0,
    RUNTIME_RUNNING = 1,
    RUNTIME_FINALIZED = 2,
};

/* Why a rank ended the job; mpirun reads it to explain the exit. */
enum runtime_end_kind {
    RUNTIME_END_ABORT = 1, /* MPI_Abort */
    RUNTIME_END_ERROR = 2, /* an error under MPI_ERRORS_ARE_FATAL/ABORT */
};

int runtime_init(int required, int *provided);
int runtime_finalize(void);

/* Who holds the runtime: the world model (MPI_Init to MPI_Finalize) and
 * the sessions open (MPI_Session_init to MPI_Session_finalize).  The
 * first to come starts it; it stops when the world model has finalized
 * and no session is open, or at exit when only sessions ever used it and
 * all are closed.  Once stopped it cannot start again in this process. */
int runtime_world_init(int required, int *provided);
int runtime_world_finalize(void);
bool runtime_world_initialized(void); /* MPI_Initialized */
bool runtime_world_finalized(void);   /* MPI_Finalized */
int runtime_session_open(int required, int *provided);
int runtime_session_close(void);
/* Every call checks it (check_initialized): a variable, read inline. */
extern int runtime_phase_now;
static inline int runtime_phase(void)
{
    return runtime_phase_now;
}
int runtime_thread_level(void);
bool runtime_is_main_thread(void);
bool runtime_launched_by_mpirun(void);
MPI_Errhandler runtime_default_errhandler(void);

/* End the whole job now with this code (MPI_Abort, fatal errors). */
noreturn void runtime_abort_job(int code, int kind);

double runtime_wtime(void);

#endif

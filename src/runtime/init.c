/*
 * init.c -- MPI_Init and MPI_Finalize underneath the API.
 *
 * Start-up: learn rank, size and the segment from the launcher (or become a
 * singleton), map the segment, mark ourselves initialized in our rank slot
 * (mpirun reads it to tell a crash from a clean exit), then bring up the
 * layers bottom to top.  Nothing here waits for other ranks: the rings are
 * valid from the moment mpirun zeroed the segment.
 */
#include "runtime/runtime.h"

#include <errno.h>
#include <stdarg.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "coll/sched.h"
#include "dt/buffer.h"
#include "dt/datatype.h"
#include "err/err.h"
#include "obj/comm.h"
#include "obj/attr.h"
#include "obj/group.h"
#include "op/op.h"
#include "obj/info.h"
#include "obj/message.h"
#include "p2p/p2p.h"
#include "p2p/proto_info.h"
#include "progress/progress.h"
#include "request/request.h"
#include "runtime/crash.h"
#include "runtime/threads.h"
#include "runtime/tunables.h"
#include "transport/shm/segment.h"
#include "transport/shm/shm.h"
#include "transport/transport.h"
#include "util/copy.h"
#include "util/log.h"
#include "util/ptracer.h"

int runtime_phase_now = RUNTIME_NOT_STARTED;

static struct {
    int thread_level;
    pthread_t main_thread;
    bool under_mpirun;
    int rank;
    int size;
    void *segment;
    size_t segment_bytes;
    shm_rank_slot_t *slot;
} rt;

static struct {
    bool world_active, world_done;
    int sessions;
    bool exit_hook;
} users;

static int start_once(int required, int *provided)
{
    if (runtime_phase_now == RUNTIME_RUNNING) {
        /* A session or MPI_Init_thread asking for more than the first one
         * did: calls came one at a time so far, so the lock can start now. */
        if (required == MPI_THREAD_MULTIPLE && rt.thread_level != MPI_THREAD_MULTIPLE) {
            rt.thread_level = MPI_THREAD_MULTIPLE;
            threads_enable();
        }
        *provided = rt.thread_level;
        return MPI_SUCCESS;
    }
    if (runtime_phase_now == RUNTIME_FINALIZED)
        return err_set(MPI_ERR_OTHER, "MPI cannot be initialized again in this process once it has been finalized");
    return runtime_init(required, provided);
}

int runtime_world_init(int required, int *provided)
{
    if (users.world_active || users.world_done)
        return err_set(MPI_ERR_OTHER, users.world_active ? "MPI is already initialized"
                                                         : "MPI cannot be initialized again after MPI_Finalize");
    int rc = start_once(required, provided);
    if (rc == MPI_SUCCESS)
        users.world_active = true;
    return rc;
}

int runtime_world_finalize(void)
{
    users.world_active = false;
    users.world_done = true;
    return users.sessions == 0 ? runtime_finalize() : MPI_SUCCESS;
}

bool runtime_world_initialized(void)
{
    return users.world_active || users.world_done;
}

bool runtime_world_finalized(void)
{
    return users.world_done;
}

/* A program that used only sessions, all closed, ends MPI at exit: until
 * then a new session may still start. */
static void finalize_at_exit(void)
{
    if (runtime_phase_now == RUNTIME_RUNNING && !users.world_active && users.sessions == 0)
        runtime_finalize();
}

int runtime_session_open(int required, int *provided)
{
    int rc = start_once(required, provided);
    if (rc != MPI_SUCCESS)
        return rc;
    users.sessions++;
    if (!users.exit_hook && !users.world_active && !users.world_done)
        users.exit_hook = atexit(finalize_at_exit) == 0;
    return MPI_SUCCESS;
}

int runtime_session_close(void)
{
    users.sessions--;
    if (users.sessions == 0 && users.world_done)
        return runtime_finalize();
    return MPI_SUCCESS;
}

int runtime_thread_level(void)
{
    return rt.thread_level;
}

bool runtime_is_main_thread(void)
{
    return pthread_equal(pthread_self(), rt.main_thread);
}

bool runtime_launched_by_mpirun(void)
{
    return rt.under_mpirun;
}

MPI_Errhandler runtime_default_errhandler(void)
{
    return MPI_ERRORS_ARE_FATAL;
}

static int env_int(const char *name, int fallback)
{
    const char *text = getenv(name);
    if (!text || !*text)
        return fallback;
    char *end;
    long v = strtol(text, &end, 10);
    return *end ? fallback : (int)v;
}

/* A process not started by Tessera's mpirun but by another MPI's launcher
 * for a job of several ranks: it would run as one of N singletons, each
 * rank 0 of 1.  Returns the launcher's name and sets *rank and *size, or
 * returns NULL. */
static const char *foreign_launcher(int *rank, int *size)
{
    static const struct {
        const char *size_var, *rank_var, *name;
    } launchers[] = {
        {"OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_RANK", "Open MPI's mpirun"},
        {"PMI_SIZE", "PMI_RANK", "a PMI launcher (MPICH's mpiexec, Intel MPI)"},
        {"MPI_LOCALNRANKS", "MPI_LOCALRANKID", "MPICH's mpiexec"},
    };
    for (size_t i = 0; i < sizeof launchers / sizeof launchers[0]; i++) {
        *size = env_int(launchers[i].size_var, 0);
        *rank = env_int(launchers[i].rank_var, -1);
        if (*size > 1)
            return launchers[i].name;
    }
    return NULL;
}

/* Map the segment mpirun handed us, or make a one-rank segment. */
static int runtime_attach_segment(void)
{
    int fd = env_int("TESSERA_BOOT_FD", -1);
    rt.rank = env_int("TESSERA_BOOT_RANK", 0);
    rt.size = env_int("TESSERA_BOOT_SIZE", 1);
    rt.under_mpirun = fd >= 0;
    int other_rank, other_size;
    const char *other = rt.under_mpirun ? NULL : foreign_launcher(&other_rank, &other_size);
    if (other)
        return err_set(MPI_ERR_OTHER,
                       "this program uses Tessera but was started by %s as rank %d of %d; it would run alone as "
                       "rank 0 of 1: start it with Tessera's mpirun",
                       other, other_rank, other_size);
    if (!rt.under_mpirun) {
        shm_header_t layout;
        const char *where;
        shm_layout(&layout, 1, tunables.ring_slots, tunables.ring_data_bytes);
        fd = shm_segment_create(&layout, &where);
        if (fd < 0)
            return err_set(MPI_ERR_NO_MEM, "cannot create shared memory (%s): %s", where, strerror(errno));
    }
    shm_header_t hdr;
    if (pread(fd, &hdr, sizeof hdr, 0) != (ssize_t)sizeof hdr || hdr.magic != SHM_MAGIC)
        return err_set(MPI_ERR_INTERN, "the shared segment handed over by mpirun (fd %d) is not Tessera's", fd);
    if ((int)hdr.nranks != rt.size || rt.rank < 0 || rt.rank >= rt.size)
        return err_set(MPI_ERR_INTERN, "launcher says rank %d of %d but the segment is for %u ranks", rt.rank, rt.size,
                       hdr.nranks);
    rt.segment = shm_segment_map(fd, hdr.total_bytes);
    close(fd);
    if (!rt.segment)
        return err_set(MPI_ERR_NO_MEM, "cannot map %llu bytes of shared memory: %s",
                       (unsigned long long)hdr.total_bytes, strerror(errno));
    rt.segment_bytes = hdr.total_bytes;
    rt.slot = shm_rank_slot(rt.segment, (uint32_t)rt.rank);
    return MPI_SUCCESS;
}

static void runtime_warn_once(const char *fmt, ...)
{
    /* Every rank reads the same environment: one voice is enough. */
    if (rt.rank != 0 || rt.under_mpirun)
        return; /* mpirun, reading the same environment, has said it */
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    log_warn("%s", msg);
}

int runtime_init(int required, int *provided)
{
    rt.main_thread = pthread_self();
    /* Up to SERIALIZED calls never come from two threads at once; under
     * MULTIPLE the library lock makes them (runtime/threads.h). */
    rt.thread_level = required < MPI_THREAD_SINGLE ? MPI_THREAD_SINGLE : required;

    int rc = runtime_attach_segment();
    if (rc != MPI_SUCCESS)
        return rc;
    log_set_rank(rt.under_mpirun ? rt.rank : -1);
    tunables_load(runtime_warn_once);
    if (tunables.backtrace) {
        crash_handlers_install(rt.under_mpirun ? rt.rank : -1);
        if (rt.under_mpirun)
            atomic_store_explicit(&rt.slot->stack_signal, crash_stack_signal_install(&rt.slot->stacks_printed),
                                  memory_order_relaxed);
    }

    atomic_store_explicit(&rt.slot->pid, (int32_t)getpid(), memory_order_relaxed);
    long domain[TOPO_LEVELS];
    topology_domains(domain);
    for (int i = 0; i < TOPO_LEVELS; i++)
        rt.slot->domain[i] = domain[i];
    atomic_store_explicit(&rt.slot->state, SHM_RANK_INITIALIZED, memory_order_release);

    /* cma_allowed: process_vm_readv/writev work between our processes.
     * Besides single copy, it lets a streaming sender whose receiver stopped
     * draining the ring write the rest of the message itself (p2p/rndv.c). */
    bool single_copy = false, coll_single_copy = false, cma_allowed = false;
    const char *no_single_copy = "single copy is off (TESSERA_SINGLE_COPY=1 turns it on)";
    static char probe_failure[128];
    if (rt.size > 1 && (tunables.single_copy || tunables.coll_single_copy)) {
        ptracer_allow_any(); /* the peers read us (util/ptracer.h) */
        int err = shm_cma_probe();
        cma_allowed = err == 0;
        single_copy = cma_allowed && tunables.single_copy;
        coll_single_copy = cma_allowed && tunables.coll_single_copy;
        snprintf(probe_failure, sizeof probe_failure, "process_vm_readv is not allowed here (%s)", strerror(err));
        if (tunables.single_copy)
            no_single_copy = single_copy ? NULL : probe_failure;
    }
    bool oversubscribed = env_int("TESSERA_BOOT_OVERSUBSCRIBED", 0) != 0;
    bool sleep = progress_init(tunables.wait_mode, oversubscribed, rt.size, env_int("TESSERA_BOOT_CPUS", 0));
    if (shm_transport_init(rt.segment, rt.rank, rt.size, sleep) != 0)
        return err_set(MPI_ERR_NO_MEM, "out of memory setting up the shared-memory transport");
    copy_init();
    dt_stream_share = tunables.cache_share ? tunables.cache_share : topology_cache_share(rt.size);
    if (!dt_stream_share)
        dt_stream_share = SIZE_MAX; /* unknown: never stream */
    dt_init();
    op_init();
    request_init();
    message_init();
    comm_init_predefined(rt.rank, rt.size);
    group_init(rt.rank, rt.size);
    /* Started with several commands (mpirun a : b), this process's
     * command's index and size (MPI_APPNUM, MPI_INFO_ENV's maxprocs). */
    attr_init_predefined(rt.size, env_int("TESSERA_BOOT_APPNUM", 0));
    info_init_env(env_int("TESSERA_BOOT_APP_SIZE", rt.size), rt.thread_level);
    /* mpirun measured the machine, or took TESSERA_PULLS's choice
     * (tools/mpirun/launch.c); the same answer at every process, as the
     * collectives' choices must be. */
    bool pulls_pay = env_int("TESSERA_BOOT_PULLS_PAY", 0) != 0;
    p2p_init(rt.rank, rt.size, single_copy, coll_single_copy, pulls_pay, cma_allowed);
    proto_info_init(rt.rank, rt.size, tunables.proto_info, no_single_copy);

    /* mpirun forwards output line by line; line buffering here makes each
     * printf line reach it promptly and whole. */
    if (rt.under_mpirun)
        setvbuf(stdout, NULL, _IOLBF, 0);
    runtime_phase_now = RUNTIME_RUNNING;
    if (rt.thread_level == MPI_THREAD_MULTIPLE)
        threads_enable();
    *provided = rt.thread_level;
    return MPI_SUCCESS;
}

/* Whether every other process has returned from MPI_Finalize (or
 * aborted): none of them will receive anything any more. */
static bool others_finalized(void)
{
    for (int r = 0; r < rt.size; r++)
        if (r != rt.rank && atomic_load_explicit(&shm_rank_slot(rt.segment, (uint32_t)r)->state, memory_order_acquire) <
                                SHM_RANK_FINALIZED)
            return false;
    return true;
}

/* A send still running when its process finalizes must reach its
 * receiver all the same: one the user freed with MPI_Request_free while it
 * ran (as MPI allows), or, in an erroneous program, never waited for.  A
 * rendezvous receiver reads this process's memory (or asks it to write or
 * stream the data), so going first would leave it waiting for ever.
 * Receivers receive before they finalize, so the wait ends at the latest
 * when all the others have; a program slow to receive hears, once, what
 * the wait is for. */
static void wait_running_sends(void)
{
    double start = runtime_wtime();
    bool said = false;
    unsigned sends;
    while ((sends = request_sends_running()) && !others_finalized()) {
        if (!progress_poll())
            sched_yield();
        if (!said && runtime_wtime() - start >= 10) {
            log_warn("MPI_Finalize is waiting for %u send(s) their receivers have not received yet (freed with "
                     "MPI_Request_free, or never completed)",
                     sends);
            said = true;
        }
    }
}

int runtime_finalize(void)
{
    /* Sends still queued for ring space must leave before we do, and
     * sends still running must be received (wait_running_sends); nothing
     * else needs waiting for: what is in the rings stays readable after we
     * exit.  So MPI_Finalize here is not a barrier. */
    p2p_bsend_flush(p2p_bsend_process_pool()); /* MPI_Finalize detaches: buffered sends complete first */
    while (p2p_has_pending())
        if (!progress_poll())
            sched_yield();
    wait_running_sends();
    atomic_store_explicit(&rt.slot->state, SHM_RANK_FINALIZED, memory_order_release);
    p2p_finalize();
    sched_finalize();
    shm_transport_finalize();
    munmap(rt.segment, rt.segment_bytes);
    rt.segment = NULL;
    rt.slot = NULL;
    runtime_phase_now = RUNTIME_FINALIZED;
    fflush(stdout);
    return MPI_SUCCESS;
}

noreturn void runtime_abort_job(int code, int kind)
{
    if (rt.slot) {
        atomic_store_explicit(&rt.slot->end_code, code, memory_order_relaxed);
        atomic_store_explicit(&rt.slot->end_kind, (uint32_t)kind, memory_order_relaxed);
        /* mpirun reads code and kind after it sees this state. */
        atomic_store_explicit(&rt.slot->state, SHM_RANK_ABORTED, memory_order_release);
    }
    fflush(stdout);
    fflush(stderr);
    int status = code & 0xff;
    if (code != 0 && status == 0)
        status = 1;
    _exit(status);
}

double runtime_wtime(void)
{
    struct timespec now;
    /* The monotonic clock is one clock for every process on the node, so
     * times taken on different ranks compare directly. */
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

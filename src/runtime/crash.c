/* crash.c -- the signal handler that prints where a rank crashed
 * (crash.h).  It runs in a process whose state may be broken, so it
 * formats with its own code into a stack buffer and writes with write(2);
 * dladdr and backtrace are what glibc's backtrace_symbols_fd uses too. */
#include "runtime/crash.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdatomic.h>
#include <elf.h>
#include <execinfo.h>
#include <link.h>
#include <signal.h>
#include <stdbool.h>
#include <ucontext.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#define CRASH_FRAMES 64

static int crash_rank = -1;
static char alt_stack[64 * 1024]; /* a stack overflow still gets its backtrace */

static const struct {
    int sig;
    const char *name;
    const char *why;
} crash_signals[] = {
    {SIGSEGV, "Segmentation fault", "memory read or written through a bad address"},
    {SIGBUS, "Bus error", "memory that cannot be accessed, such as a truncated mapped file"},
    {SIGFPE, "Floating point exception", "an arithmetic fault, such as an integer divided by zero"},
    {SIGILL, "Illegal instruction", "code this CPU cannot run, or corrupt code"},
    {SIGABRT, "Aborted", "abort() was called, by an assert or a library"},
};

/* The report under construction, written in one piece at the end so
 * that mpirun forwards a rank's lines together (one static buffer: the
 * handlers run once, and a stack overflow leaves no room on the stack). */
typedef struct {
    char text[16384];
    size_t len;
} line_t;

static line_t report;

static void put(line_t *l, const char *s)
{
    size_t n = strlen(s);
    if (n > sizeof l->text - 1 - l->len)
        n = sizeof l->text - 1 - l->len;
    memcpy(l->text + l->len, s, n);
    l->len += n;
}

static void put_flush(line_t *l)
{
    ssize_t unused = write(STDERR_FILENO, l->text, l->len);
    (void)unused;
    l->len = 0;
}

static void put_number(line_t *l, uintptr_t v, unsigned base)
{
    char digits[32];
    int n = 0;
    do {
        digits[n++] = "0123456789abcdef"[v % base];
        v /= base;
    } while (v);
    char out[40] = "0x";
    size_t at = base == 16 ? 2 : 0;
    while (n)
        out[at++] = digits[--n];
    out[at] = '\0';
    put(l, out);
}

/* Ends the line as log.c does ("[rank R]"); a full report is written
 * out to make room. */
static void put_end(line_t *l)
{
    if (crash_rank >= 0) {
        put(l, " [rank ");
        put_number(l, (uintptr_t)crash_rank, 10);
        put(l, "]");
    }
    put(l, "\n");
    if (l->len > sizeof l->text - 512)
        put_flush(l);
}

/* Where the signal struck, to skip the frames of the delivery itself. */
static void *fault_pc(void *context)
{
    const ucontext_t *uc = context;
#if defined(__x86_64__)
    return (void *)uc->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
    return (void *)uc->uc_mcontext.pc;
#else
    (void)uc;
    return NULL;
#endif
}

/* One frame: function+offset when the object exports it, and the object
 * with the address addr2line wants (an offset from the load address, but
 * the address itself in an executable not built position-independent). */
static void put_frame(line_t *l, const char *prefix, int index, void *pc)
{
    Dl_info where;
    put(l, prefix);
    put(l, "  #");
    put_number(l, (uintptr_t)index, 10);
    put(l, " ");
    if (!dladdr(pc, &where) || !where.dli_fname || !where.dli_fbase) {
        put_number(l, (uintptr_t)pc, 16);
        put_end(l);
        return;
    }
    if (where.dli_sname) {
        put(l, where.dli_sname);
        put(l, "+");
        put_number(l, (uintptr_t)pc - (uintptr_t)where.dli_saddr, 16);
        put(l, " ");
    }
    put(l, "in ");
    put(l, where.dli_fname);
    put(l, " ");
    const ElfW(Ehdr) *elf = where.dli_fbase;
    put_number(l, elf->e_type == ET_EXEC ? (uintptr_t)pc : (uintptr_t)pc - (uintptr_t)where.dli_fbase, 16);
    put_end(l);
}

/* The call stack from the frame the signal struck on (all but this
 * handler's when that is not among them), then how to read it. */
static void put_stack(line_t *l, const char *prefix, void *context)
{
    void *frames[CRASH_FRAMES];
    int n = backtrace(frames, CRASH_FRAMES);
    void *pc = fault_pc(context);
    int first = 1;
    for (int i = 1; pc && i < n; i++)
        if (frames[i] == pc) {
            first = i;
            break;
        }
    for (int i = first; i < n; i++)
        put_frame(l, prefix, i - first, frames[i]);
    put(l, prefix);
    put(l, "addr2line -f -e OBJECT ADDRESS names a frame's function and line (built with -g)");
    put_end(l);
}

static void crash_handler(int sig, siginfo_t *info, void *context)
{
    int k = 0;
    while (crash_signals[k].sig != sig)
        k++;
    line_t *l = &report;
    l->len = 0;
    put(l, "tessera error: ");
    put(l, crash_signals[k].name);
    if (info->si_code <= 0 && sig != SIGABRT) { /* kill, raise: no fault */
        put(l, " sent by process ");
        put_number(l, (uintptr_t)info->si_pid, 10);
    } else if (sig != SIGABRT) {
        put(l, " at address ");
        put_number(l, (uintptr_t)info->si_addr, 16);
    }
    put(l, " (");
    put(l, crash_signals[k].why);
    put(l, "); the call stack, innermost first:");
    put_end(l);

    put_stack(l, "tessera error: ", context);
    put_flush(l);
    /* SA_RESETHAND put the default back: the signal, pending until we
     * return, ends the process as it would have without us. */
    raise(sig);
}

static _Atomic uint32_t *stacks_printed;

static void stack_handler(int sig, siginfo_t *info, void *context)
{
    (void)sig;
    (void)info;
    int saved = errno; /* the interrupted code may be about to read it */
    line_t *l = &report;
    l->len = 0;
    put(l, "tessera info: where this rank is, as mpirun asked; the call stack, innermost first:");
    put_end(l);
    put_stack(l, "tessera info: ", context);
    put_flush(l);
    atomic_fetch_add_explicit(stacks_printed, 1, memory_order_release);
    errno = saved;
}

/* Handle sig with handler if the program left it at its default;
 * returns whether it is ours now. */
static bool handle_if_default(int sig, void (*handler)(int, siginfo_t *, void *), int flags)
{
    struct sigaction old;
    if (sigaction(sig, NULL, &old) != 0 || (old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL)
        return false;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | flags;
    sigemptyset(&sa.sa_mask);
    return sigaction(sig, &sa, NULL) == 0;
}

int crash_stack_signal_install(_Atomic uint32_t *printed)
{
    stacks_printed = printed;
    for (int sig = SIGRTMIN + 4; sig <= SIGRTMAX; sig++)
        if (handle_if_default(sig, stack_handler, SA_RESTART))
            return sig;
    return 0;
}

void crash_handlers_install(int rank)
{
    crash_rank = rank;
    /* backtrace loads its unwinder on first use: not inside the handler. */
    void *warm[2];
    backtrace(warm, 2);
    /* Ours unless the program (or its language's runtime) has one. */
    stack_t stack = {.ss_sp = alt_stack, .ss_size = sizeof alt_stack, .ss_flags = 0}, current;
    if (sigaltstack(NULL, &current) == 0 && (current.ss_flags & SS_DISABLE))
        sigaltstack(&stack, NULL);
    for (size_t k = 0; k < sizeof crash_signals / sizeof crash_signals[0]; k++)
        handle_if_default(crash_signals[k].sig, crash_handler, SA_RESETHAND);
}

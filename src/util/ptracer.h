/*
 * ptracer.h -- letting sibling processes read this one's memory.
 *
 * process_vm_readv needs the reader to be allowed to ptrace the process
 * it reads.  Under Yama's ptrace_scope 1 (Debian's and Ubuntu's default)
 * only ancestors are, and our processes are siblings; the process being
 * read may name who else may: any process of ours will do, the job's
 * memory being its own.  Older headers lack the names.
 */
#ifndef TESSERA_UTIL_PTRACER_H
#define TESSERA_UTIL_PTRACER_H

#include <sys/prctl.h>

#ifndef PR_SET_PTRACER
#define PR_SET_PTRACER 0x59616d61
#endif
#ifndef PR_SET_PTRACER_ANY
#define PR_SET_PTRACER_ANY ((unsigned long)-1)
#endif

static inline void ptracer_allow_any(void)
{
    prctl(PR_SET_PTRACER, PR_SET_PTRACER_ANY, 0, 0, 0);
}

#endif

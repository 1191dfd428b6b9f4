/*
 * foreign.c -- is the program linked with another MPI?
 *
 * A program built with MPICH's or Open MPI's mpicc, started by Tessera's
 * mpirun, finds none of its own launcher's environment and runs as N
 * singletons, each rank 0 of 1: the classic confusing failure.  mpirun
 * reads the libraries the program's ELF file names (DT_NEEDED) before
 * starting anything and refuses, saying which MPI it found.  Only what the
 * file itself names is read: a script (mpi4py under python) or a static
 * program passes unchecked.
 */
#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mpirun.h"

/* Which MPI a needed library belongs to, or NULL for none but ours
 * (libmpi.so.0). */
static const char *mpi_of_library(const char *name)
{
    static const struct {
        const char *prefix, *mpi;
    } known[] = {
        {"libmpich", "MPICH"},        {"libmpl.so", "MPICH"},
        {"libmpicxx", "MPICH"},       {"libmpifort", "MPICH"},
        {"libopen-rte", "Open MPI"},  {"libopen-pal", "Open MPI"},
        {"libmpi_cxx", "Open MPI"},   {"libmpi_mpifh", "Open MPI"},
        {"libmpi.so.40", "Open MPI"}, {"libmpi.so.12", "MPICH or Intel MPI"},
        {"libmpi.so.20", "Open MPI"},
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (strncmp(name, known[i].prefix, strlen(known[i].prefix)) == 0)
            return known[i].mpi;
    if (strncmp(name, "libmpi.so.", 10) == 0 && strcmp(name, "libmpi.so.0") != 0)
        return "another MPI";
    return NULL;
}

/* The file offset of virtual address addr, through the PT_LOAD segments. */
static size_t offset_of(const Elf64_Phdr *ph, int n, Elf64_Addr addr, size_t size)
{
    for (int i = 0; i < n; i++)
        if (ph[i].p_type == PT_LOAD && addr >= ph[i].p_vaddr && addr - ph[i].p_vaddr < ph[i].p_filesz &&
            ph[i].p_offset + (addr - ph[i].p_vaddr) < size)
            return (size_t)(ph[i].p_offset + (addr - ph[i].p_vaddr));
    return 0;
}

/* Scans the mapped ELF file; writes the first foreign library it needs to
 * lib and returns its MPI, or NULL. */
static const char *scan_needed(const unsigned char *file, size_t size, char *lib, size_t lib_size)
{
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)file;
    if (size < sizeof *eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
        eh->e_phentsize != sizeof(Elf64_Phdr) || eh->e_phoff > size ||
        (size - eh->e_phoff) / sizeof(Elf64_Phdr) < eh->e_phnum)
        return NULL;
    const Elf64_Phdr *ph = (const Elf64_Phdr *)(file + eh->e_phoff);
    for (int i = 0; i < eh->e_phnum; i++) {
        if (ph[i].p_type != PT_DYNAMIC || ph[i].p_offset > size || ph[i].p_filesz > size - ph[i].p_offset)
            continue;
        const Elf64_Dyn *dyn = (const Elf64_Dyn *)(file + ph[i].p_offset);
        size_t ndyn = ph[i].p_filesz / sizeof *dyn, strtab = 0;
        for (size_t d = 0; d < ndyn && dyn[d].d_tag != DT_NULL; d++)
            if (dyn[d].d_tag == DT_STRTAB)
                strtab = offset_of(ph, eh->e_phnum, dyn[d].d_un.d_ptr, size);
        if (!strtab)
            return NULL;
        for (size_t d = 0; d < ndyn && dyn[d].d_tag != DT_NULL; d++) {
            if (dyn[d].d_tag != DT_NEEDED || dyn[d].d_un.d_val >= size - strtab)
                continue;
            const char *name = (const char *)file + strtab + dyn[d].d_un.d_val;
            size_t max = size - strtab - dyn[d].d_un.d_val;
            if (strnlen(name, max) == max)
                continue;
            const char *mpi = mpi_of_library(name);
            if (mpi) {
                snprintf(lib, lib_size, "%s", name);
                return mpi;
            }
        }
    }
    return NULL;
}

const char *foreign_mpi(const char *path, char *lib, size_t lib_size)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    struct stat st;
    const char *mpi = NULL;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
        void *file = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (file != MAP_FAILED) {
            mpi = scan_needed(file, (size_t)st.st_size, lib, lib_size);
            munmap(file, (size_t)st.st_size);
        }
    }
    close(fd);
    return mpi;
}

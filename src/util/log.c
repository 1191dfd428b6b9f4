#include "util/log.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static int log_my_rank = -1;

void log_set_rank(int rank)
{
    log_my_rank = rank;
}

int log_rank(void)
{
    return log_my_rank;
}

/* Format into one buffer and write it with one fputs so the launcher sees
 * the whole line at once, never interleaved with the program's output. */
static void log_line(const char *level, const char *fmt, va_list ap)
{
    char msg[1024];
    char line[1200];
    vsnprintf(msg, sizeof msg, fmt, ap);
    if (log_my_rank >= 0)
        snprintf(line, sizeof line, "tessera %s: %s [rank %d]\n", level, msg, log_my_rank);
    else
        snprintf(line, sizeof line, "tessera %s: %s\n", level, msg);
    fputs(line, stderr);
    fflush(stderr);
}

void log_warn(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    log_line("warning", fmt, ap);
    va_end(ap);
}

void log_info(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    log_line("info", fmt, ap);
    va_end(ap);
}

void log_fatal(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    log_line("error", fmt, ap);
    va_end(ap);
    exit(1);
}

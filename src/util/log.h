/* log.h -- Tessera's own messages to the user: warnings and fatal errors.
 * Every line starts with "tessera" and names the rank, so a user reading
 * the merged output of a job knows which process spoke. */
#ifndef TESSERA_UTIL_LOG_H
#define TESSERA_UTIL_LOG_H

#include <stdnoreturn.h>

void log_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Information the user asked for (TESSERA_PROTO_INFO and the like). */
void log_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
noreturn void log_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The rank shown in messages; -1 before MPI_Init knows it. */
void log_set_rank(int rank);
int log_rank(void);

#endif

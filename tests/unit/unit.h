/* unit.h -- what every unit test shares: CHECK counts failures and says
 * where; main returns unit_result(). */
#ifndef TESSERA_TESTS_UNIT_H
#define TESSERA_TESTS_UNIT_H

#include <stdio.h>

static int failures;

#define CHECK(cond, ...)                                               \
    do {                                                               \
        if (!(cond)) {                                                 \
            fprintf(stderr, "%s:%d: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                              \
            fprintf(stderr, "\n");                                     \
            failures++;                                                \
        }                                                              \
    } while (0)

static inline int unit_result(void)
{
    if (failures)
        printf("%d failures\n", failures);
    return failures ? 1 : 0;
}

#endif

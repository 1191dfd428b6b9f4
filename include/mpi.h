/*
 * mpi.h -- Tessera's public interface to the MPI-4.1 standard (C bindings).
 *
 * Handles.  Every handle type is a pointer to its own incomplete struct, so the
 * compiler refuses an MPI_Comm passed where an MPI_Datatype belongs.  The
 * pointer is never dereferenced: its value encodes (kind, generation, index)
 * in 32 bits, which lets the library detect a freed or foreign handle and
 * converts trivially to a Fortran integer.  Null handles are 0; predefined
 * handles are small constants with generation 0.
 *
 *   bits 31..28  kind       bits 27..20  generation       bits 19..0  index
 *
 * Functions are declared here only once they are implemented (docs/coverage.md
 * lists them).  Constants and types cover the whole MPI-4.1 C interface.
 */
#ifndef TESSERA_MPI_H
#define TESSERA_MPI_H

#include <stddef.h>
#include <stdint.h>

#if defined(__cplusplus)
extern "C" {
#endif

#define TESSERA 1
#define TESSERA_VERSION "0.1.0"

#define MPI_VERSION 4
#define MPI_SUBVERSION 1

#if defined(__GNUC__)
#define TESSERA_API __attribute__((visibility("default")))
#else
#define TESSERA_API
#endif

/* ------------------------------------------------------------------------ */
/* Basic types                                                              */
/* ------------------------------------------------------------------------ */

typedef int64_t MPI_Aint;
typedef int64_t MPI_Offset;
typedef int64_t MPI_Count;
typedef int MPI_Fint;

typedef struct tessera_comm_handle *MPI_Comm;
typedef struct tessera_group_handle *MPI_Group;
typedef struct tessera_datatype_handle *MPI_Datatype;
typedef struct tessera_op_handle *MPI_Op;
typedef struct tessera_errhandler_handle *MPI_Errhandler;
typedef struct tessera_info_handle *MPI_Info;
typedef struct tessera_request_handle *MPI_Request;
typedef struct tessera_win_handle *MPI_Win;
typedef struct tessera_file_handle *MPI_File;
typedef struct tessera_message_handle *MPI_Message;
typedef struct tessera_session_handle *MPI_Session;

typedef struct MPI_Status {
    int MPI_SOURCE;
    int MPI_TAG;
    int MPI_ERROR;
    int tessera_cancelled;   /* private: use MPI_Test_cancelled */
    MPI_Count tessera_count; /* private: bytes received, use MPI_Get_count */
} MPI_Status;

typedef struct MPI_F08_status {
    MPI_Fint MPI_SOURCE;
    MPI_Fint MPI_TAG;
    MPI_Fint MPI_ERROR;
    MPI_Fint tessera_internal[3];
} MPI_F08_status;

/* Handle constants are built from (kind, index); see the comment at the top. */
#define TESSERA_HANDLE_(type, kind, index) ((type)(uintptr_t)(((unsigned)(kind) << 28) | (unsigned)(index)))

#define TESSERA_KIND_COMM_ 1
#define TESSERA_KIND_GROUP_ 2
#define TESSERA_KIND_DATATYPE_ 3
#define TESSERA_KIND_OP_ 4
#define TESSERA_KIND_ERRHANDLER_ 5
#define TESSERA_KIND_INFO_ 6
#define TESSERA_KIND_REQUEST_ 7
#define TESSERA_KIND_WIN_ 8
#define TESSERA_KIND_FILE_ 9
#define TESSERA_KIND_MESSAGE_ 10
#define TESSERA_KIND_SESSION_ 11

/* ------------------------------------------------------------------------ */
/* Null and predefined handles                                              */
/* ------------------------------------------------------------------------ */

#define MPI_COMM_NULL ((MPI_Comm)0)
#define MPI_COMM_WORLD TESSERA_HANDLE_(MPI_Comm, TESSERA_KIND_COMM_, 1)
#define MPI_COMM_SELF TESSERA_HANDLE_(MPI_Comm, TESSERA_KIND_COMM_, 2)

#define MPI_GROUP_NULL ((MPI_Group)0)
#define MPI_GROUP_EMPTY TESSERA_HANDLE_(MPI_Group, TESSERA_KIND_GROUP_, 1)

#define MPI_REQUEST_NULL ((MPI_Request)0)
#define MPI_OP_NULL ((MPI_Op)0)
#define MPI_DATATYPE_NULL ((MPI_Datatype)0)
#define MPI_INFO_NULL ((MPI_Info)0)
#define MPI_INFO_ENV TESSERA_HANDLE_(MPI_Info, TESSERA_KIND_INFO_, 1)
#define MPI_WIN_NULL ((MPI_Win)0)
#define MPI_FILE_NULL ((MPI_File)0)
#define MPI_SESSION_NULL ((MPI_Session)0)
#define MPI_MESSAGE_NULL ((MPI_Message)0)
#define MPI_MESSAGE_NO_PROC TESSERA_HANDLE_(MPI_Message, TESSERA_KIND_MESSAGE_, 1)

#define MPI_ERRHANDLER_NULL ((MPI_Errhandler)0)
#define MPI_ERRORS_ARE_FATAL TESSERA_HANDLE_(MPI_Errhandler, TESSERA_KIND_ERRHANDLER_, 1)
#define MPI_ERRORS_RETURN TESSERA_HANDLE_(MPI_Errhandler, TESSERA_KIND_ERRHANDLER_, 2)
#define MPI_ERRORS_ABORT TESSERA_HANDLE_(MPI_Errhandler, TESSERA_KIND_ERRHANDLER_, 3)

/* Predefined operations */
#define TESSERA_OP_(i) TESSERA_HANDLE_(MPI_Op, TESSERA_KIND_OP_, i)
#define MPI_MAX TESSERA_OP_(1)
#define MPI_MIN TESSERA_OP_(2)
#define MPI_SUM TESSERA_OP_(3)
#define MPI_PROD TESSERA_OP_(4)
#define MPI_LAND TESSERA_OP_(5)
#define MPI_BAND TESSERA_OP_(6)
#define MPI_LOR TESSERA_OP_(7)
#define MPI_BOR TESSERA_OP_(8)
#define MPI_LXOR TESSERA_OP_(9)
#define MPI_BXOR TESSERA_OP_(10)
#define MPI_MAXLOC TESSERA_OP_(11)
#define MPI_MINLOC TESSERA_OP_(12)
#define MPI_REPLACE TESSERA_OP_(13)
#define MPI_NO_OP TESSERA_OP_(14)

/* Predefined datatypes: the index is Tessera's internal type number
 * (src/dt/predefined.c holds sizes and names in the same order). */
#define TESSERA_DT_(i) TESSERA_HANDLE_(MPI_Datatype, TESSERA_KIND_DATATYPE_, i)
#define MPI_CHAR TESSERA_DT_(1)
#define MPI_SHORT TESSERA_DT_(2)
#define MPI_INT TESSERA_DT_(3)
#define MPI_LONG TESSERA_DT_(4)
#define MPI_LONG_LONG_INT TESSERA_DT_(5)
#define MPI_LONG_LONG MPI_LONG_LONG_INT
#define MPI_SIGNED_CHAR TESSERA_DT_(6)
#define MPI_UNSIGNED_CHAR TESSERA_DT_(7)
#define MPI_UNSIGNED_SHORT TESSERA_DT_(8)
#define MPI_UNSIGNED TESSERA_DT_(9)
#define MPI_UNSIGNED_LONG TESSERA_DT_(10)
#define MPI_UNSIGNED_LONG_LONG TESSERA_DT_(11)
#define MPI_FLOAT TESSERA_DT_(12)
#define MPI_DOUBLE TESSERA_DT_(13)
#define MPI_LONG_DOUBLE TESSERA_DT_(14)
#define MPI_WCHAR TESSERA_DT_(15)
#define MPI_C_BOOL TESSERA_DT_(16)
#define MPI_INT8_T TESSERA_DT_(17)
#define MPI_INT16_T TESSERA_DT_(18)
#define MPI_INT32_T TESSERA_DT_(19)
#define MPI_INT64_T TESSERA_DT_(20)
#define MPI_UINT8_T TESSERA_DT_(21)
#define MPI_UINT16_T TESSERA_DT_(22)
#define MPI_UINT32_T TESSERA_DT_(23)
#define MPI_UINT64_T TESSERA_DT_(24)
#define MPI_AINT TESSERA_DT_(25)
#define MPI_COUNT TESSERA_DT_(26)
#define MPI_OFFSET TESSERA_DT_(27)
#define MPI_C_COMPLEX TESSERA_DT_(28)
#define MPI_C_FLOAT_COMPLEX TESSERA_DT_(29)
#define MPI_C_DOUBLE_COMPLEX TESSERA_DT_(30)
#define MPI_C_LONG_DOUBLE_COMPLEX TESSERA_DT_(31)
#define MPI_BYTE TESSERA_DT_(32)
#define MPI_PACKED TESSERA_DT_(33)
#define MPI_FLOAT_INT TESSERA_DT_(34)
#define MPI_DOUBLE_INT TESSERA_DT_(35)
#define MPI_LONG_INT TESSERA_DT_(36)
#define MPI_2INT TESSERA_DT_(37)
#define MPI_SHORT_INT TESSERA_DT_(38)
#define MPI_LONG_DOUBLE_INT TESSERA_DT_(39)
#define MPI_CXX_BOOL TESSERA_DT_(40)
#define MPI_CXX_FLOAT_COMPLEX TESSERA_DT_(41)
#define MPI_CXX_DOUBLE_COMPLEX TESSERA_DT_(42)
#define MPI_CXX_LONG_DOUBLE_COMPLEX TESSERA_DT_(43)
/* Fortran types, usable from C (sizes as gfortran lays them out) */
#define MPI_INTEGER TESSERA_DT_(44)
#define MPI_REAL TESSERA_DT_(45)
#define MPI_DOUBLE_PRECISION TESSERA_DT_(46)
#define MPI_COMPLEX TESSERA_DT_(47)
#define MPI_DOUBLE_COMPLEX TESSERA_DT_(48)
#define MPI_LOGICAL TESSERA_DT_(49)
#define MPI_CHARACTER TESSERA_DT_(50)
#define MPI_INTEGER1 TESSERA_DT_(51)
#define MPI_INTEGER2 TESSERA_DT_(52)
#define MPI_INTEGER4 TESSERA_DT_(53)
#define MPI_INTEGER8 TESSERA_DT_(54)
#define MPI_INTEGER16 TESSERA_DT_(55)
#define MPI_REAL2 TESSERA_DT_(56)
#define MPI_REAL4 TESSERA_DT_(57)
#define MPI_REAL8 TESSERA_DT_(58)
#define MPI_REAL16 TESSERA_DT_(59)
#define MPI_COMPLEX4 TESSERA_DT_(60)
#define MPI_COMPLEX8 TESSERA_DT_(61)
#define MPI_COMPLEX16 TESSERA_DT_(62)
#define MPI_COMPLEX32 TESSERA_DT_(63)
#define MPI_2REAL TESSERA_DT_(64)
#define MPI_2DOUBLE_PRECISION TESSERA_DT_(65)
#define MPI_2INTEGER TESSERA_DT_(66)
#define TESSERA_DT_PREDEFINED_COUNT_ 67 /* one past the last index */

/* ------------------------------------------------------------------------ */
/* Error classes                                                            */
/* ------------------------------------------------------------------------ */

#define MPI_SUCCESS 0
#define MPI_ERR_BUFFER 1
#define MPI_ERR_COUNT 2
#define MPI_ERR_TYPE 3
#define MPI_ERR_TAG 4
#define MPI_ERR_COMM 5
#define MPI_ERR_RANK 6
#define MPI_ERR_REQUEST 7
#define MPI_ERR_ROOT 8
#define MPI_ERR_GROUP 9
#define MPI_ERR_OP 10
#define MPI_ERR_TOPOLOGY 11
#define MPI_ERR_DIMS 12
#define MPI_ERR_ARG 13
#define MPI_ERR_UNKNOWN 14
#define MPI_ERR_TRUNCATE 15
#define MPI_ERR_OTHER 16
#define MPI_ERR_INTERN 17
#define MPI_ERR_PENDING 18
#define MPI_ERR_IN_STATUS 19
#define MPI_ERR_ACCESS 20
#define MPI_ERR_AMODE 21
#define MPI_ERR_ASSERT 22
#define MPI_ERR_BAD_FILE 23
#define MPI_ERR_BASE 24
#define MPI_ERR_CONVERSION 25
#define MPI_ERR_DISP 26
#define MPI_ERR_DUP_DATAREP 27
#define MPI_ERR_FILE_EXISTS 28
#define MPI_ERR_FILE_IN_USE 29
#define MPI_ERR_FILE 30
#define MPI_ERR_INFO_KEY 31
#define MPI_ERR_INFO_NOKEY 32
#define MPI_ERR_INFO_VALUE 33
#define MPI_ERR_INFO 34
#define MPI_ERR_IO 35
#define MPI_ERR_KEYVAL 36
#define MPI_ERR_LOCKTYPE 37
#define MPI_ERR_NAME 38
#define MPI_ERR_NO_MEM 39
#define MPI_ERR_NOT_SAME 40
#define MPI_ERR_NO_SPACE 41
#define MPI_ERR_NO_SUCH_FILE 42
#define MPI_ERR_PORT 43
#define MPI_ERR_QUOTA 44
#define MPI_ERR_READ_ONLY 45
#define MPI_ERR_RMA_CONFLICT 46
#define MPI_ERR_RMA_SYNC 47
#define MPI_ERR_SERVICE 48
#define MPI_ERR_SIZE 49
#define MPI_ERR_SPAWN 50
#define MPI_ERR_UNSUPPORTED_DATAREP 51
#define MPI_ERR_UNSUPPORTED_OPERATION 52
#define MPI_ERR_WIN 53
#define MPI_ERR_RMA_RANGE 54
#define MPI_ERR_RMA_ATTACH 55
#define MPI_ERR_RMA_SHARED 56
#define MPI_ERR_RMA_FLAVOR 57
#define MPI_ERR_PROC_ABORTED 58
#define MPI_ERR_VALUE_TOO_LARGE 59
#define MPI_ERR_SESSION 60
#define MPI_ERR_ERRHANDLER 61
#define MPI_ERR_LASTCODE 79 /* the last predefined code; MPI_Add_error_class adds above it */

#define MPI_T_ERR_MEMORY 62
#define MPI_T_ERR_NOT_INITIALIZED 63
#define MPI_T_ERR_CANNOT_INIT 64
#define MPI_T_ERR_INVALID_INDEX 65
#define MPI_T_ERR_INVALID_ITEM 66
#define MPI_T_ERR_INVALID_HANDLE 67
#define MPI_T_ERR_OUT_OF_HANDLES 68
#define MPI_T_ERR_OUT_OF_SESSIONS 69
#define MPI_T_ERR_INVALID_SESSION 70
#define MPI_T_ERR_CVAR_SET_NOT_NOW 71
#define MPI_T_ERR_CVAR_SET_NEVER 72
#define MPI_T_ERR_PVAR_NO_STARTSTOP 73
#define MPI_T_ERR_PVAR_NO_WRITE 74
#define MPI_T_ERR_PVAR_NO_ATOMIC 75
#define MPI_T_ERR_INVALID_NAME 76
#define MPI_T_ERR_INVALID 77
#define MPI_T_ERR_NOT_ACCESSIBLE 78
#define MPI_T_ERR_NOT_SUPPORTED 79
#define TESSERA_ERR_CLASS_COUNT_ 80 /* number of predefined classes */

/* ------------------------------------------------------------------------ */
/* Other constants                                                          */
/* ------------------------------------------------------------------------ */

#define MPI_PROC_NULL (-1)
#define MPI_ANY_SOURCE (-2)
#define MPI_ROOT (-3)
#define MPI_ANY_TAG (-1)
#define MPI_UNDEFINED (-32766)
#define MPI_KEYVAL_INVALID (-1)
#define MPI_BSEND_OVERHEAD 96

#define MPI_MAX_PROCESSOR_NAME 256
#define MPI_MAX_ERROR_STRING 512
#define MPI_MAX_OBJECT_NAME 128
#define MPI_MAX_LIBRARY_VERSION_STRING 256
#define MPI_MAX_INFO_KEY 255
#define MPI_MAX_INFO_VAL 1024
#define MPI_MAX_PORT_NAME 256
#define MPI_MAX_DATAREP_STRING 128
#define MPI_MAX_PSET_NAME_LEN 256
#define MPI_MAX_STRINGTAG_LEN 256

/* Results of the compare functions */
#define MPI_IDENT 0
#define MPI_CONGRUENT 1
#define MPI_SIMILAR 2
#define MPI_UNEQUAL 3

/* Predefined attribute keys */
#define MPI_TAG_UB 1
#define MPI_HOST 2
#define MPI_IO 3
#define MPI_WTIME_IS_GLOBAL 4
#define MPI_UNIVERSE_SIZE 5
#define MPI_LASTUSEDCODE 6
#define MPI_APPNUM 7
#define MPI_WIN_BASE 8
#define MPI_WIN_SIZE 9
#define MPI_WIN_DISP_UNIT 10
#define MPI_WIN_CREATE_FLAVOR 11
#define MPI_WIN_MODEL 12

/* Thread levels */
#define MPI_THREAD_SINGLE 0
#define MPI_THREAD_FUNNELED 1
#define MPI_THREAD_SERIALIZED 2
#define MPI_THREAD_MULTIPLE 3

/* Topologies */
#define MPI_GRAPH 1
#define MPI_CART 2
#define MPI_DIST_GRAPH 3

/* Communicator split types */
#define MPI_COMM_TYPE_SHARED 1
#define MPI_COMM_TYPE_HW_UNGUIDED 2
#define MPI_COMM_TYPE_HW_GUIDED 3
#define MPI_COMM_TYPE_RESOURCE_GUIDED 4

/* Datatype combiners */
#define MPI_COMBINER_NAMED 1
#define MPI_COMBINER_DUP 2
#define MPI_COMBINER_CONTIGUOUS 3
#define MPI_COMBINER_VECTOR 4
#define MPI_COMBINER_HVECTOR 5
#define MPI_COMBINER_INDEXED 6
#define MPI_COMBINER_HINDEXED 7
#define MPI_COMBINER_INDEXED_BLOCK 8
#define MPI_COMBINER_HINDEXED_BLOCK 9
#define MPI_COMBINER_STRUCT 10
#define MPI_COMBINER_SUBARRAY 11
#define MPI_COMBINER_DARRAY 12
#define MPI_COMBINER_F90_REAL 13
#define MPI_COMBINER_F90_COMPLEX 14
#define MPI_COMBINER_F90_INTEGER 15
#define MPI_COMBINER_RESIZED 16
#define MPI_COMBINER_VALUE_INDEX 17

/* Array distributions and orders */
#define MPI_DISTRIBUTE_BLOCK 1
#define MPI_DISTRIBUTE_CYCLIC 2
#define MPI_DISTRIBUTE_NONE 3
#define MPI_DISTRIBUTE_DFLT_DARG (-49767)
#define MPI_ORDER_C 1
#define MPI_ORDER_FORTRAN 2

/* Type classes for MPI_Type_match_size */
#define MPI_TYPECLASS_REAL 1
#define MPI_TYPECLASS_INTEGER 2
#define MPI_TYPECLASS_COMPLEX 3

/* One-sided: assertions, lock types, flavors, models */
#define MPI_MODE_NOCHECK 1024
#define MPI_MODE_NOSTORE 2048
#define MPI_MODE_NOPUT 4096
#define MPI_MODE_NOPRECEDE 8192
#define MPI_MODE_NOSUCCEED 16384
#define MPI_LOCK_EXCLUSIVE 234
#define MPI_LOCK_SHARED 235
#define MPI_WIN_FLAVOR_CREATE 1
#define MPI_WIN_FLAVOR_ALLOCATE 2
#define MPI_WIN_FLAVOR_DYNAMIC 3
#define MPI_WIN_FLAVOR_SHARED 4
#define MPI_WIN_SEPARATE 1
#define MPI_WIN_UNIFIED 2

/* I/O: access modes, seek, displacement */
#define MPI_MODE_RDONLY 2
#define MPI_MODE_RDWR 8
#define MPI_MODE_WRONLY 4
#define MPI_MODE_CREATE 1
#define MPI_MODE_EXCL 64
#define MPI_MODE_DELETE_ON_CLOSE 16
#define MPI_MODE_UNIQUE_OPEN 32
#define MPI_MODE_APPEND 128
#define MPI_MODE_SEQUENTIAL 256
#define MPI_SEEK_SET 600
#define MPI_SEEK_CUR 602
#define MPI_SEEK_END 604
#define MPI_DISPLACEMENT_CURRENT (-54278278)

/* Special addresses and ignorable arguments */
#define MPI_BOTTOM ((void *)0)
#define MPI_IN_PLACE ((void *)-1)
#define MPI_BUFFER_AUTOMATIC ((void *)-2)
#define MPI_STATUS_IGNORE ((MPI_Status *)0)
#define MPI_STATUSES_IGNORE ((MPI_Status *)0)
#define MPI_F_STATUS_IGNORE ((MPI_Fint *)0)
#define MPI_F_STATUSES_IGNORE ((MPI_Fint *)0)
#define MPI_F08_STATUS_IGNORE ((MPI_F08_status *)0)
#define MPI_F08_STATUSES_IGNORE ((MPI_F08_status *)0)
#define MPI_ERRCODES_IGNORE ((int *)0)
#define MPI_ARGV_NULL ((char **)0)
#define MPI_ARGVS_NULL ((char ***)0)
#define MPI_UNWEIGHTED ((int *)2)
#define MPI_WEIGHTS_EMPTY ((int *)3)

#define MPI_F_STATUS_SIZE 6
#define MPI_F_SOURCE 0
#define MPI_F_TAG 1
#define MPI_F_ERROR 2

/* ------------------------------------------------------------------------ */
/* Callback types                                                           */
/* ------------------------------------------------------------------------ */

typedef void MPI_User_function(void *invec, void *inoutvec, int *len, MPI_Datatype *datatype);
typedef void MPI_User_function_c(void *invec, void *inoutvec, MPI_Count *len, MPI_Datatype *datatype);
typedef int MPI_Comm_copy_attr_function(MPI_Comm oldcomm, int comm_keyval, void *extra_state, void *attribute_val_in,
                                        void *attribute_val_out, int *flag);
typedef int MPI_Comm_delete_attr_function(MPI_Comm comm, int comm_keyval, void *attribute_val, void *extra_state);
typedef int MPI_Type_copy_attr_function(MPI_Datatype oldtype, int type_keyval, void *extra_state,
                                        void *attribute_val_in, void *attribute_val_out, int *flag);
typedef int MPI_Type_delete_attr_function(MPI_Datatype datatype, int type_keyval, void *attribute_val,
                                          void *extra_state);
typedef int MPI_Win_copy_attr_function(MPI_Win oldwin, int win_keyval, void *extra_state, void *attribute_val_in,
                                       void *attribute_val_out, int *flag);
typedef int MPI_Win_delete_attr_function(MPI_Win win, int win_keyval, void *attribute_val, void *extra_state);
typedef void MPI_Comm_errhandler_function(MPI_Comm *comm, int *error_code, ...);
typedef void MPI_Win_errhandler_function(MPI_Win *win, int *error_code, ...);
typedef void MPI_File_errhandler_function(MPI_File *file, int *error_code, ...);
typedef void MPI_Session_errhandler_function(MPI_Session *session, int *error_code, ...);
typedef int MPI_Grequest_query_function(void *extra_state, MPI_Status *status);
typedef int MPI_Grequest_free_function(void *extra_state);
typedef int MPI_Grequest_cancel_function(void *extra_state, int complete);
typedef int MPI_Datarep_conversion_function(void *userbuf, MPI_Datatype datatype, int count, void *filebuf,
                                            MPI_Offset position, void *extra_state);
typedef int MPI_Datarep_conversion_function_c(void *userbuf, MPI_Datatype datatype, MPI_Count count, void *filebuf,
                                              MPI_Offset position, void *extra_state);
typedef int MPI_Datarep_extent_function(MPI_Datatype datatype, MPI_Aint *extent, void *extra_state);

/* ------------------------------------------------------------------------ */
/* Functions (each MPI_X is a weak alias of PMPI_X)                         */
/* ------------------------------------------------------------------------ */

/* Environment and runtime */
TESSERA_API int MPI_Init(int *argc, char ***argv);
TESSERA_API int PMPI_Init(int *argc, char ***argv);
TESSERA_API int MPI_Init_thread(int *argc, char ***argv, int required, int *provided);
TESSERA_API int PMPI_Init_thread(int *argc, char ***argv, int required, int *provided);
TESSERA_API int MPI_Finalize(void);
TESSERA_API int PMPI_Finalize(void);
TESSERA_API int MPI_Initialized(int *flag);
TESSERA_API int PMPI_Initialized(int *flag);
TESSERA_API int MPI_Finalized(int *flag);
TESSERA_API int PMPI_Finalized(int *flag);
TESSERA_API int MPI_Abort(MPI_Comm comm, int errorcode);
TESSERA_API int PMPI_Abort(MPI_Comm comm, int errorcode);
TESSERA_API int MPI_Query_thread(int *provided);
TESSERA_API int PMPI_Query_thread(int *provided);
TESSERA_API int MPI_Is_thread_main(int *flag);
TESSERA_API int PMPI_Is_thread_main(int *flag);
TESSERA_API int MPI_Get_processor_name(char *name, int *resultlen);
TESSERA_API int PMPI_Get_processor_name(char *name, int *resultlen);
TESSERA_API int MPI_Get_version(int *version, int *subversion);
TESSERA_API int PMPI_Get_version(int *version, int *subversion);
TESSERA_API int MPI_Get_library_version(char *version, int *resultlen);
TESSERA_API int PMPI_Get_library_version(char *version, int *resultlen);
TESSERA_API int MPI_Pcontrol(const int level, ...);
TESSERA_API int PMPI_Pcontrol(const int level, ...);
TESSERA_API int MPI_Alloc_mem(MPI_Aint size, MPI_Info info, void *baseptr);
TESSERA_API int PMPI_Alloc_mem(MPI_Aint size, MPI_Info info, void *baseptr);
TESSERA_API int MPI_Free_mem(void *base);
TESSERA_API int PMPI_Free_mem(void *base);
TESSERA_API int MPI_Get_hw_resource_info(MPI_Info *hw_info);
TESSERA_API int PMPI_Get_hw_resource_info(MPI_Info *hw_info);
TESSERA_API double MPI_Wtime(void);
TESSERA_API double PMPI_Wtime(void);
TESSERA_API double MPI_Wtick(void);
TESSERA_API double PMPI_Wtick(void);

/* Communicators (predefined ones so far) */
TESSERA_API int MPI_Info_create(MPI_Info *info);
TESSERA_API int PMPI_Info_create(MPI_Info *info);
TESSERA_API int MPI_Info_create_env(int argc, char *argv[], MPI_Info *info);
TESSERA_API int PMPI_Info_create_env(int argc, char *argv[], MPI_Info *info);
TESSERA_API int MPI_Info_set(MPI_Info info, const char *key, const char *value);
TESSERA_API int PMPI_Info_set(MPI_Info info, const char *key, const char *value);
TESSERA_API int MPI_Info_get_string(MPI_Info info, const char *key, int *buflen, char *value, int *flag);
TESSERA_API int PMPI_Info_get_string(MPI_Info info, const char *key, int *buflen, char *value, int *flag);
TESSERA_API int MPI_Info_get(MPI_Info info, const char *key, int valuelen, char *value, int *flag);
TESSERA_API int PMPI_Info_get(MPI_Info info, const char *key, int valuelen, char *value, int *flag);
TESSERA_API int MPI_Info_get_valuelen(MPI_Info info, const char *key, int *valuelen, int *flag);
TESSERA_API int PMPI_Info_get_valuelen(MPI_Info info, const char *key, int *valuelen, int *flag);
TESSERA_API int MPI_Info_delete(MPI_Info info, const char *key);
TESSERA_API int PMPI_Info_delete(MPI_Info info, const char *key);
TESSERA_API int MPI_Info_get_nkeys(MPI_Info info, int *nkeys);
TESSERA_API int PMPI_Info_get_nkeys(MPI_Info info, int *nkeys);
TESSERA_API int MPI_Info_get_nthkey(MPI_Info info, int n, char *key);
TESSERA_API int PMPI_Info_get_nthkey(MPI_Info info, int n, char *key);
TESSERA_API int MPI_Info_dup(MPI_Info info, MPI_Info *newinfo);
TESSERA_API int PMPI_Info_dup(MPI_Info info, MPI_Info *newinfo);
TESSERA_API int MPI_Info_free(MPI_Info *info);
TESSERA_API int PMPI_Info_free(MPI_Info *info);
TESSERA_API int MPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm);
TESSERA_API int PMPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm);
TESSERA_API int MPI_Comm_idup(MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request);
TESSERA_API int PMPI_Comm_idup(MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request);
TESSERA_API int MPI_Comm_idup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm, MPI_Request *request);
TESSERA_API int PMPI_Comm_idup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm, MPI_Request *request);
TESSERA_API int MPI_Comm_set_info(MPI_Comm comm, MPI_Info info);
TESSERA_API int PMPI_Comm_set_info(MPI_Comm comm, MPI_Info info);
TESSERA_API int MPI_Comm_get_info(MPI_Comm comm, MPI_Info *info_used);
TESSERA_API int PMPI_Comm_get_info(MPI_Comm comm, MPI_Info *info_used);
TESSERA_API int MPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm *newcomm);
TESSERA_API int PMPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm *newcomm);
TESSERA_API int MPI_Comm_create_errhandler(MPI_Comm_errhandler_function *comm_errhandler_fn,
                                           MPI_Errhandler *errhandler);
TESSERA_API int PMPI_Comm_create_errhandler(MPI_Comm_errhandler_function *comm_errhandler_fn,
                                            MPI_Errhandler *errhandler);
TESSERA_API int MPI_Comm_call_errhandler(MPI_Comm comm, int errorcode);
TESSERA_API int PMPI_Comm_call_errhandler(MPI_Comm comm, int errorcode);
TESSERA_API int MPI_Errhandler_free(MPI_Errhandler *errhandler);
TESSERA_API int PMPI_Errhandler_free(MPI_Errhandler *errhandler);
TESSERA_API int MPI_Add_error_class(int *errorclass);
TESSERA_API int PMPI_Add_error_class(int *errorclass);
TESSERA_API int MPI_Add_error_code(int errorclass, int *errorcode);
TESSERA_API int PMPI_Add_error_code(int errorclass, int *errorcode);
TESSERA_API int MPI_Add_error_string(int errorcode, const char *string);
TESSERA_API int PMPI_Add_error_string(int errorcode, const char *string);
TESSERA_API int MPI_Remove_error_class(int errorclass);
TESSERA_API int PMPI_Remove_error_class(int errorclass);
TESSERA_API int MPI_Remove_error_code(int errorcode);
TESSERA_API int PMPI_Remove_error_code(int errorcode);
TESSERA_API int MPI_Remove_error_string(int errorcode);
TESSERA_API int PMPI_Remove_error_string(int errorcode);
TESSERA_API int MPI_Comm_create_keyval(MPI_Comm_copy_attr_function *comm_copy_attr_fn,
                                       MPI_Comm_delete_attr_function *comm_delete_attr_fn, int *comm_keyval,
                                       void *extra_state);
TESSERA_API int PMPI_Comm_create_keyval(MPI_Comm_copy_attr_function *comm_copy_attr_fn,
                                        MPI_Comm_delete_attr_function *comm_delete_attr_fn, int *comm_keyval,
                                        void *extra_state);
TESSERA_API int MPI_Comm_free_keyval(int *comm_keyval);
TESSERA_API int PMPI_Comm_free_keyval(int *comm_keyval);
TESSERA_API int MPI_Comm_set_attr(MPI_Comm comm, int comm_keyval, void *attribute_val);
TESSERA_API int PMPI_Comm_set_attr(MPI_Comm comm, int comm_keyval, void *attribute_val);
TESSERA_API int MPI_Comm_get_attr(MPI_Comm comm, int comm_keyval, void *attribute_val, int *flag);
TESSERA_API int PMPI_Comm_get_attr(MPI_Comm comm, int comm_keyval, void *attribute_val, int *flag);
TESSERA_API int MPI_Comm_delete_attr(MPI_Comm comm, int comm_keyval);
TESSERA_API int PMPI_Comm_delete_attr(MPI_Comm comm, int comm_keyval);
TESSERA_API int MPI_Type_create_keyval(MPI_Type_copy_attr_function *type_copy_attr_fn,
                                       MPI_Type_delete_attr_function *type_delete_attr_fn, int *type_keyval,
                                       void *extra_state);
TESSERA_API int PMPI_Type_create_keyval(MPI_Type_copy_attr_function *type_copy_attr_fn,
                                        MPI_Type_delete_attr_function *type_delete_attr_fn, int *type_keyval,
                                        void *extra_state);
TESSERA_API int MPI_Type_free_keyval(int *type_keyval);
TESSERA_API int PMPI_Type_free_keyval(int *type_keyval);
TESSERA_API int MPI_Type_set_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val);
TESSERA_API int PMPI_Type_set_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val);
TESSERA_API int MPI_Type_get_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val, int *flag);
TESSERA_API int PMPI_Type_get_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val, int *flag);
TESSERA_API int MPI_Type_delete_attr(MPI_Datatype datatype, int type_keyval);
TESSERA_API int PMPI_Type_delete_attr(MPI_Datatype datatype, int type_keyval);
/* The predefined attribute callbacks. */
TESSERA_API int MPI_COMM_NULL_COPY_FN(MPI_Comm oldcomm, int comm_keyval, void *extra_state, void *attribute_val_in,
                                      void *attribute_val_out, int *flag);
TESSERA_API int PMPI_COMM_NULL_COPY_FN(MPI_Comm oldcomm, int comm_keyval, void *extra_state, void *attribute_val_in,
                                       void *attribute_val_out, int *flag);
TESSERA_API int MPI_COMM_DUP_FN(MPI_Comm oldcomm, int comm_keyval, void *extra_state, void *attribute_val_in,
                                void *attribute_val_out, int *flag);
TESSERA_API int PMPI_COMM_DUP_FN(MPI_Comm oldcomm, int comm_keyval, void *extra_state, void *attribute_val_in,
                                 void *attribute_val_out, int *flag);
TESSERA_API int MPI_COMM_NULL_DELETE_FN(MPI_Comm comm, int comm_keyval, void *attribute_val, void *extra_state);
TESSERA_API int PMPI_COMM_NULL_DELETE_FN(MPI_Comm comm, int comm_keyval, void *attribute_val, void *extra_state);
TESSERA_API int MPI_TYPE_NULL_COPY_FN(MPI_Datatype oldtype, int type_keyval, void *extra_state, void *attribute_val_in,
                                      void *attribute_val_out, int *flag);
TESSERA_API int PMPI_TYPE_NULL_COPY_FN(MPI_Datatype oldtype, int type_keyval, void *extra_state, void *attribute_val_in,
                                       void *attribute_val_out, int *flag);
TESSERA_API int MPI_TYPE_DUP_FN(MPI_Datatype oldtype, int type_keyval, void *extra_state, void *attribute_val_in,
                                void *attribute_val_out, int *flag);
TESSERA_API int PMPI_TYPE_DUP_FN(MPI_Datatype oldtype, int type_keyval, void *extra_state, void *attribute_val_in,
                                 void *attribute_val_out, int *flag);
TESSERA_API int MPI_TYPE_NULL_DELETE_FN(MPI_Datatype datatype, int type_keyval, void *attribute_val, void *extra_state);
TESSERA_API int PMPI_TYPE_NULL_DELETE_FN(MPI_Datatype datatype, int type_keyval, void *attribute_val,
                                         void *extra_state);
TESSERA_API int MPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm);
TESSERA_API int PMPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm);
TESSERA_API int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm);
TESSERA_API int PMPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm);
TESSERA_API int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm);
TESSERA_API int PMPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm);
TESSERA_API int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm);
TESSERA_API int PMPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm);
TESSERA_API int MPI_Comm_free(MPI_Comm *comm);
TESSERA_API int PMPI_Comm_free(MPI_Comm *comm);
TESSERA_API int MPI_Comm_disconnect(MPI_Comm *comm);
TESSERA_API int PMPI_Comm_disconnect(MPI_Comm *comm);
TESSERA_API int MPI_Comm_compare(MPI_Comm comm1, MPI_Comm comm2, int *result);
TESSERA_API int PMPI_Comm_compare(MPI_Comm comm1, MPI_Comm comm2, int *result);
TESSERA_API int MPI_Comm_set_name(MPI_Comm comm, const char *comm_name);
TESSERA_API int PMPI_Comm_set_name(MPI_Comm comm, const char *comm_name);
TESSERA_API int MPI_Comm_get_name(MPI_Comm comm, char *comm_name, int *resultlen);
TESSERA_API int PMPI_Comm_get_name(MPI_Comm comm, char *comm_name, int *resultlen);
TESSERA_API int MPI_Comm_test_inter(MPI_Comm comm, int *flag);
TESSERA_API int PMPI_Comm_test_inter(MPI_Comm comm, int *flag);
TESSERA_API int MPI_Comm_remote_size(MPI_Comm comm, int *size);
TESSERA_API int PMPI_Comm_remote_size(MPI_Comm comm, int *size);
TESSERA_API int MPI_Comm_remote_group(MPI_Comm comm, MPI_Group *group);
TESSERA_API int PMPI_Comm_remote_group(MPI_Comm comm, MPI_Group *group);
TESSERA_API int MPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm, int remote_leader,
                                     int tag, MPI_Comm *newintercomm);
TESSERA_API int PMPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm, int remote_leader,
                                      int tag, MPI_Comm *newintercomm);
TESSERA_API int MPI_Intercomm_create_from_groups(MPI_Group local_group, int local_leader, MPI_Group remote_group,
                                                 int remote_leader, const char *stringtag, MPI_Info info,
                                                 MPI_Errhandler errhandler, MPI_Comm *newintercomm);
TESSERA_API int PMPI_Intercomm_create_from_groups(MPI_Group local_group, int local_leader, MPI_Group remote_group,
                                                  int remote_leader, const char *stringtag, MPI_Info info,
                                                  MPI_Errhandler errhandler, MPI_Comm *newintercomm);
TESSERA_API int MPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm *newintracomm);
TESSERA_API int PMPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm *newintracomm);
TESSERA_API int MPI_Comm_group(MPI_Comm comm, MPI_Group *group);
TESSERA_API int PMPI_Comm_group(MPI_Comm comm, MPI_Group *group);
TESSERA_API int MPI_Group_size(MPI_Group group, int *size);
TESSERA_API int PMPI_Group_size(MPI_Group group, int *size);
TESSERA_API int MPI_Group_rank(MPI_Group group, int *rank);
TESSERA_API int PMPI_Group_rank(MPI_Group group, int *rank);
TESSERA_API int MPI_Group_translate_ranks(MPI_Group group1, int n, const int ranks1[], MPI_Group group2, int ranks2[]);
TESSERA_API int PMPI_Group_translate_ranks(MPI_Group group1, int n, const int ranks1[], MPI_Group group2, int ranks2[]);
TESSERA_API int MPI_Group_compare(MPI_Group group1, MPI_Group group2, int *result);
TESSERA_API int PMPI_Group_compare(MPI_Group group1, MPI_Group group2, int *result);
TESSERA_API int MPI_Group_union(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup);
TESSERA_API int PMPI_Group_union(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup);
TESSERA_API int MPI_Group_intersection(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup);
TESSERA_API int PMPI_Group_intersection(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup);
TESSERA_API int MPI_Group_difference(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup);
TESSERA_API int PMPI_Group_difference(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup);
TESSERA_API int MPI_Group_incl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup);
TESSERA_API int PMPI_Group_incl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup);
TESSERA_API int MPI_Group_excl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup);
TESSERA_API int PMPI_Group_excl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup);
TESSERA_API int MPI_Group_range_incl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup);
TESSERA_API int PMPI_Group_range_incl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup);
TESSERA_API int MPI_Group_range_excl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup);
TESSERA_API int PMPI_Group_range_excl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup);
TESSERA_API int MPI_Group_free(MPI_Group *group);
TESSERA_API int PMPI_Group_free(MPI_Group *group);
TESSERA_API int MPI_Comm_rank(MPI_Comm comm, int *rank);
TESSERA_API int PMPI_Comm_rank(MPI_Comm comm, int *rank);
TESSERA_API int MPI_Comm_size(MPI_Comm comm, int *size);
TESSERA_API int PMPI_Comm_size(MPI_Comm comm, int *size);

/* Process topologies */
TESSERA_API int MPI_Dims_create(int nnodes, int ndims, int dims[]);
TESSERA_API int PMPI_Dims_create(int nnodes, int ndims, int dims[]);
TESSERA_API int MPI_Cart_create(MPI_Comm comm_old, int ndims, const int dims[], const int periods[], int reorder,
                                MPI_Comm *comm_cart);
TESSERA_API int PMPI_Cart_create(MPI_Comm comm_old, int ndims, const int dims[], const int periods[], int reorder,
                                 MPI_Comm *comm_cart);
TESSERA_API int MPI_Cart_get(MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[]);
TESSERA_API int PMPI_Cart_get(MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[]);
TESSERA_API int MPI_Cartdim_get(MPI_Comm comm, int *ndims);
TESSERA_API int PMPI_Cartdim_get(MPI_Comm comm, int *ndims);
TESSERA_API int MPI_Cart_rank(MPI_Comm comm, const int coords[], int *rank);
TESSERA_API int PMPI_Cart_rank(MPI_Comm comm, const int coords[], int *rank);
TESSERA_API int MPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int coords[]);
TESSERA_API int PMPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int coords[]);
TESSERA_API int MPI_Cart_shift(MPI_Comm comm, int direction, int disp, int *rank_source, int *rank_dest);
TESSERA_API int PMPI_Cart_shift(MPI_Comm comm, int direction, int disp, int *rank_source, int *rank_dest);
TESSERA_API int MPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm);
TESSERA_API int PMPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm);
TESSERA_API int MPI_Cart_map(MPI_Comm comm, int ndims, const int dims[], const int periods[], int *newrank);
TESSERA_API int PMPI_Cart_map(MPI_Comm comm, int ndims, const int dims[], const int periods[], int *newrank);
TESSERA_API int MPI_Graph_create(MPI_Comm comm_old, int nnodes, const int index[], const int edges[], int reorder,
                                 MPI_Comm *comm_graph);
TESSERA_API int PMPI_Graph_create(MPI_Comm comm_old, int nnodes, const int index[], const int edges[], int reorder,
                                  MPI_Comm *comm_graph);
TESSERA_API int MPI_Graphdims_get(MPI_Comm comm, int *nnodes, int *nedges);
TESSERA_API int PMPI_Graphdims_get(MPI_Comm comm, int *nnodes, int *nedges);
TESSERA_API int MPI_Graph_get(MPI_Comm comm, int maxindex, int maxedges, int index[], int edges[]);
TESSERA_API int PMPI_Graph_get(MPI_Comm comm, int maxindex, int maxedges, int index[], int edges[]);
TESSERA_API int MPI_Graph_neighbors_count(MPI_Comm comm, int rank, int *nneighbors);
TESSERA_API int PMPI_Graph_neighbors_count(MPI_Comm comm, int rank, int *nneighbors);
TESSERA_API int MPI_Graph_neighbors(MPI_Comm comm, int rank, int maxneighbors, int neighbors[]);
TESSERA_API int PMPI_Graph_neighbors(MPI_Comm comm, int rank, int maxneighbors, int neighbors[]);
TESSERA_API int MPI_Graph_map(MPI_Comm comm, int nnodes, const int index[], const int edges[], int *newrank);
TESSERA_API int PMPI_Graph_map(MPI_Comm comm, int nnodes, const int index[], const int edges[], int *newrank);
TESSERA_API int MPI_Dist_graph_create(MPI_Comm comm_old, int n, const int sources[], const int degrees[],
                                      const int destinations[], const int *weights, MPI_Info info, int reorder,
                                      MPI_Comm *comm_dist_graph);
TESSERA_API int PMPI_Dist_graph_create(MPI_Comm comm_old, int n, const int sources[], const int degrees[],
                                       const int destinations[], const int *weights, MPI_Info info, int reorder,
                                       MPI_Comm *comm_dist_graph);
TESSERA_API int MPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[],
                                               const int *sourceweights, int outdegree, const int destinations[],
                                               const int *destweights, MPI_Info info, int reorder,
                                               MPI_Comm *comm_dist_graph);
TESSERA_API int PMPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[],
                                                const int *sourceweights, int outdegree, const int destinations[],
                                                const int *destweights, MPI_Info info, int reorder,
                                                MPI_Comm *comm_dist_graph);
TESSERA_API int MPI_Dist_graph_neighbors_count(MPI_Comm comm, int *indegree, int *outdegree, int *weighted);
TESSERA_API int PMPI_Dist_graph_neighbors_count(MPI_Comm comm, int *indegree, int *outdegree, int *weighted);
TESSERA_API int MPI_Dist_graph_neighbors(MPI_Comm comm, int maxindegree, int sources[], int *sourceweights,
                                         int maxoutdegree, int destinations[], int *destweights);
TESSERA_API int PMPI_Dist_graph_neighbors(MPI_Comm comm, int maxindegree, int sources[], int *sourceweights,
                                          int maxoutdegree, int destinations[], int *destweights);
TESSERA_API int MPI_Topo_test(MPI_Comm comm, int *status);
TESSERA_API int PMPI_Topo_test(MPI_Comm comm, int *status);

/* Errors */
TESSERA_API int MPI_Error_string(int errorcode, char *string, int *resultlen);
TESSERA_API int PMPI_Error_string(int errorcode, char *string, int *resultlen);
TESSERA_API int MPI_Error_class(int errorcode, int *errorclass);
TESSERA_API int PMPI_Error_class(int errorcode, int *errorclass);
TESSERA_API int MPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler);
TESSERA_API int PMPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler);
TESSERA_API int MPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *errhandler);
TESSERA_API int PMPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *errhandler);

/* Sessions (MPI-4) */
TESSERA_API int MPI_Session_init(MPI_Info info, MPI_Errhandler errhandler, MPI_Session *session);
TESSERA_API int PMPI_Session_init(MPI_Info info, MPI_Errhandler errhandler, MPI_Session *session);
TESSERA_API int MPI_Session_finalize(MPI_Session *session);
TESSERA_API int PMPI_Session_finalize(MPI_Session *session);
TESSERA_API int MPI_Session_get_info(MPI_Session session, MPI_Info *info_used);
TESSERA_API int PMPI_Session_get_info(MPI_Session session, MPI_Info *info_used);
TESSERA_API int MPI_Session_get_num_psets(MPI_Session session, MPI_Info info, int *npset_names);
TESSERA_API int PMPI_Session_get_num_psets(MPI_Session session, MPI_Info info, int *npset_names);
TESSERA_API int MPI_Session_get_nth_pset(MPI_Session session, MPI_Info info, int n, int *pset_len, char *pset_name);
TESSERA_API int PMPI_Session_get_nth_pset(MPI_Session session, MPI_Info info, int n, int *pset_len, char *pset_name);
TESSERA_API int MPI_Session_get_pset_info(MPI_Session session, const char *pset_name, MPI_Info *info);
TESSERA_API int PMPI_Session_get_pset_info(MPI_Session session, const char *pset_name, MPI_Info *info);
TESSERA_API int MPI_Group_from_session_pset(MPI_Session session, const char *pset_name, MPI_Group *newgroup);
TESSERA_API int PMPI_Group_from_session_pset(MPI_Session session, const char *pset_name, MPI_Group *newgroup);
TESSERA_API int MPI_Comm_create_from_group(MPI_Group group, const char *stringtag, MPI_Info info,
                                           MPI_Errhandler errhandler, MPI_Comm *newcomm);
TESSERA_API int PMPI_Comm_create_from_group(MPI_Group group, const char *stringtag, MPI_Info info,
                                            MPI_Errhandler errhandler, MPI_Comm *newcomm);
TESSERA_API int MPI_Session_create_errhandler(MPI_Session_errhandler_function *session_errhandler_fn,
                                              MPI_Errhandler *errhandler);
TESSERA_API int PMPI_Session_create_errhandler(MPI_Session_errhandler_function *session_errhandler_fn,
                                               MPI_Errhandler *errhandler);
TESSERA_API int MPI_Session_set_errhandler(MPI_Session session, MPI_Errhandler errhandler);
TESSERA_API int PMPI_Session_set_errhandler(MPI_Session session, MPI_Errhandler errhandler);
TESSERA_API int MPI_Session_get_errhandler(MPI_Session session, MPI_Errhandler *errhandler);
TESSERA_API int PMPI_Session_get_errhandler(MPI_Session session, MPI_Errhandler *errhandler);
TESSERA_API int MPI_Session_call_errhandler(MPI_Session session, int errorcode);
TESSERA_API int PMPI_Session_call_errhandler(MPI_Session session, int errorcode);
TESSERA_API int MPI_Session_attach_buffer(MPI_Session session, void *buffer, int size);
TESSERA_API int PMPI_Session_attach_buffer(MPI_Session session, void *buffer, int size);
TESSERA_API int MPI_Session_attach_buffer_c(MPI_Session session, void *buffer, MPI_Count size);
TESSERA_API int PMPI_Session_attach_buffer_c(MPI_Session session, void *buffer, MPI_Count size);
TESSERA_API int MPI_Session_detach_buffer(MPI_Session session, void *buffer_addr, int *size);
TESSERA_API int PMPI_Session_detach_buffer(MPI_Session session, void *buffer_addr, int *size);
TESSERA_API int MPI_Session_detach_buffer_c(MPI_Session session, void *buffer_addr, MPI_Count *size);
TESSERA_API int PMPI_Session_detach_buffer_c(MPI_Session session, void *buffer_addr, MPI_Count *size);
TESSERA_API int MPI_Session_flush_buffer(MPI_Session session);
TESSERA_API int PMPI_Session_flush_buffer(MPI_Session session);
TESSERA_API int MPI_Session_iflush_buffer(MPI_Session session, MPI_Request *request);
TESSERA_API int PMPI_Session_iflush_buffer(MPI_Session session, MPI_Request *request);

/* Handles as Fortran integers */
TESSERA_API MPI_Fint MPI_Comm_c2f(MPI_Comm handle);
TESSERA_API MPI_Fint PMPI_Comm_c2f(MPI_Comm handle);
TESSERA_API MPI_Comm MPI_Comm_f2c(MPI_Fint handle);
TESSERA_API MPI_Comm PMPI_Comm_f2c(MPI_Fint handle);
TESSERA_API MPI_Fint MPI_Type_c2f(MPI_Datatype handle);
TESSERA_API MPI_Fint PMPI_Type_c2f(MPI_Datatype handle);
TESSERA_API MPI_Datatype MPI_Type_f2c(MPI_Fint handle);
TESSERA_API MPI_Datatype PMPI_Type_f2c(MPI_Fint handle);
TESSERA_API MPI_Fint MPI_Group_c2f(MPI_Group handle);
TESSERA_API MPI_Fint PMPI_Group_c2f(MPI_Group handle);
TESSERA_API MPI_Group MPI_Group_f2c(MPI_Fint handle);
TESSERA_API MPI_Group PMPI_Group_f2c(MPI_Fint handle);
TESSERA_API MPI_Fint MPI_Request_c2f(MPI_Request handle);
TESSERA_API MPI_Fint PMPI_Request_c2f(MPI_Request handle);
TESSERA_API MPI_Request MPI_Request_f2c(MPI_Fint handle);
TESSERA_API MPI_Request PMPI_Request_f2c(MPI_Fint handle);
TESSERA_API MPI_Fint MPI_Op_c2f(MPI_Op handle);
TESSERA_API MPI_Fint PMPI_Op_c2f(MPI_Op handle);
TESSERA_API MPI_Op MPI_Op_f2c(MPI_Fint handle);
TESSERA_API MPI_Op PMPI_Op_f2c(MPI_Fint handle);
TESSERA_API MPI_Fint MPI_Info_c2f(MPI_Info handle);
TESSERA_API MPI_Fint PMPI_Info_c2f(MPI_Info handle);
TESSERA_API MPI_Info MPI_Info_f2c(MPI_Fint handle);
TESSERA_API MPI_Info PMPI_Info_f2c(MPI_Fint handle);
TESSERA_API MPI_Fint MPI_Errhandler_c2f(MPI_Errhandler handle);
TESSERA_API MPI_Fint PMPI_Errhandler_c2f(MPI_Errhandler handle);
TESSERA_API MPI_Errhandler MPI_Errhandler_f2c(MPI_Fint handle);
TESSERA_API MPI_Errhandler PMPI_Errhandler_f2c(MPI_Fint handle);
TESSERA_API MPI_Fint MPI_Message_c2f(MPI_Message handle);
TESSERA_API MPI_Fint PMPI_Message_c2f(MPI_Message handle);
TESSERA_API MPI_Message MPI_Message_f2c(MPI_Fint handle);
TESSERA_API MPI_Message PMPI_Message_f2c(MPI_Fint handle);
TESSERA_API MPI_Fint MPI_Session_c2f(MPI_Session handle);
TESSERA_API MPI_Fint PMPI_Session_c2f(MPI_Session handle);
TESSERA_API MPI_Session MPI_Session_f2c(MPI_Fint handle);
TESSERA_API MPI_Session PMPI_Session_f2c(MPI_Fint handle);

/* Point-to-point */
TESSERA_API int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
TESSERA_API int PMPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
TESSERA_API int MPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                         MPI_Status *status);
TESSERA_API int PMPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                          MPI_Status *status);
TESSERA_API int MPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                          MPI_Request *request);
TESSERA_API int PMPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                           MPI_Request *request);
TESSERA_API int MPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                          MPI_Request *request);
TESSERA_API int PMPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                           MPI_Request *request);
TESSERA_API int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                             void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                             MPI_Comm comm, MPI_Status *status);
TESSERA_API int PMPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                              void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                              MPI_Comm comm, MPI_Status *status);
TESSERA_API int MPI_Ssend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
TESSERA_API int PMPI_Ssend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
TESSERA_API int MPI_Rsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
TESSERA_API int PMPI_Rsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
TESSERA_API int MPI_Issend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                           MPI_Request *request);
TESSERA_API int PMPI_Issend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                            MPI_Request *request);
TESSERA_API int MPI_Irsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                           MPI_Request *request);
TESSERA_API int PMPI_Irsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                            MPI_Request *request);
TESSERA_API int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source,
                                     int recvtag, MPI_Comm comm, MPI_Status *status);
TESSERA_API int PMPI_Sendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source,
                                      int recvtag, MPI_Comm comm, MPI_Status *status);

TESSERA_API int MPI_Bsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
TESSERA_API int PMPI_Bsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
TESSERA_API int MPI_Ibsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                           MPI_Request *request);
TESSERA_API int PMPI_Ibsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                            MPI_Request *request);
TESSERA_API int MPI_Buffer_attach(void *buffer, int size);
TESSERA_API int PMPI_Buffer_attach(void *buffer, int size);
TESSERA_API int MPI_Buffer_detach(void *buffer_addr, int *size);
TESSERA_API int PMPI_Buffer_detach(void *buffer_addr, int *size);
TESSERA_API int MPI_Buffer_flush(void);
TESSERA_API int PMPI_Buffer_flush(void);
TESSERA_API int MPI_Buffer_iflush(MPI_Request *request);
TESSERA_API int PMPI_Buffer_iflush(MPI_Request *request);
TESSERA_API int MPI_Comm_attach_buffer(MPI_Comm comm, void *buffer, int size);
TESSERA_API int PMPI_Comm_attach_buffer(MPI_Comm comm, void *buffer, int size);
TESSERA_API int MPI_Comm_detach_buffer(MPI_Comm comm, void *buffer_addr, int *size);
TESSERA_API int PMPI_Comm_detach_buffer(MPI_Comm comm, void *buffer_addr, int *size);
TESSERA_API int MPI_Comm_flush_buffer(MPI_Comm comm);
TESSERA_API int PMPI_Comm_flush_buffer(MPI_Comm comm);
TESSERA_API int MPI_Comm_iflush_buffer(MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Comm_iflush_buffer(MPI_Comm comm, MPI_Request *request);

/* Persistent requests */
TESSERA_API int MPI_Send_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                              MPI_Request *request);
TESSERA_API int PMPI_Send_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                               MPI_Request *request);
TESSERA_API int MPI_Ssend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                               MPI_Request *request);
TESSERA_API int PMPI_Ssend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                                MPI_Request *request);
TESSERA_API int MPI_Rsend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                               MPI_Request *request);
TESSERA_API int PMPI_Rsend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                                MPI_Request *request);
TESSERA_API int MPI_Bsend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                               MPI_Request *request);
TESSERA_API int PMPI_Bsend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                                MPI_Request *request);
TESSERA_API int MPI_Recv_init(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                              MPI_Request *request);
TESSERA_API int PMPI_Recv_init(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                               MPI_Request *request);
TESSERA_API int MPI_Start(MPI_Request *request);
TESSERA_API int PMPI_Start(MPI_Request *request);
TESSERA_API int MPI_Startall(int count, MPI_Request array_of_requests[]);
TESSERA_API int PMPI_Startall(int count, MPI_Request array_of_requests[]);
TESSERA_API int MPI_Psend_init(const void *buf, int partitions, MPI_Count count, MPI_Datatype datatype, int dest,
                               int tag, MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Psend_init(const void *buf, int partitions, MPI_Count count, MPI_Datatype datatype, int dest,
                                int tag, MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Precv_init(void *buf, int partitions, MPI_Count count, MPI_Datatype datatype, int source, int tag,
                               MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Precv_init(void *buf, int partitions, MPI_Count count, MPI_Datatype datatype, int source, int tag,
                                MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Pready(int partition, MPI_Request request);
TESSERA_API int PMPI_Pready(int partition, MPI_Request request);
TESSERA_API int MPI_Pready_range(int partition_low, int partition_high, MPI_Request request);
TESSERA_API int PMPI_Pready_range(int partition_low, int partition_high, MPI_Request request);
TESSERA_API int MPI_Pready_list(int length, const int array_of_partitions[], MPI_Request request);
TESSERA_API int PMPI_Pready_list(int length, const int array_of_partitions[], MPI_Request request);
TESSERA_API int MPI_Parrived(MPI_Request request, int partition, int *flag);
TESSERA_API int PMPI_Parrived(MPI_Request request, int partition, int *flag);

TESSERA_API int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status);
TESSERA_API int PMPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status);
TESSERA_API int MPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status);
TESSERA_API int PMPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status);
TESSERA_API int MPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status);
TESSERA_API int PMPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status);
TESSERA_API int MPI_Improbe(int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message, MPI_Status *status);
TESSERA_API int PMPI_Improbe(int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message, MPI_Status *status);
TESSERA_API int MPI_Mrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message, MPI_Status *status);
TESSERA_API int PMPI_Mrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message, MPI_Status *status);
TESSERA_API int MPI_Imrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message, MPI_Request *request);
TESSERA_API int PMPI_Imrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message, MPI_Request *request);
TESSERA_API int MPI_Get_count(const MPI_Status *status, MPI_Datatype datatype, int *count);
TESSERA_API int PMPI_Get_count(const MPI_Status *status, MPI_Datatype datatype, int *count);

TESSERA_API int MPI_Get_elements(const MPI_Status *status, MPI_Datatype datatype, int *count);
TESSERA_API int PMPI_Get_elements(const MPI_Status *status, MPI_Datatype datatype, int *count);
TESSERA_API int MPI_Get_elements_x(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count);
TESSERA_API int PMPI_Get_elements_x(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count);
TESSERA_API int MPI_Status_set_elements(MPI_Status *status, MPI_Datatype datatype, int count);
TESSERA_API int PMPI_Status_set_elements(MPI_Status *status, MPI_Datatype datatype, int count);
TESSERA_API int MPI_Status_set_elements_x(MPI_Status *status, MPI_Datatype datatype, MPI_Count count);
TESSERA_API int PMPI_Status_set_elements_x(MPI_Status *status, MPI_Datatype datatype, MPI_Count count);
TESSERA_API int MPI_Test_cancelled(const MPI_Status *status, int *flag);
TESSERA_API int PMPI_Test_cancelled(const MPI_Status *status, int *flag);
TESSERA_API int MPI_Status_set_cancelled(MPI_Status *status, int flag);
TESSERA_API int PMPI_Status_set_cancelled(MPI_Status *status, int flag);
TESSERA_API int MPI_Status_set_elements_c(MPI_Status *status, MPI_Datatype datatype, MPI_Count count);
TESSERA_API int PMPI_Status_set_elements_c(MPI_Status *status, MPI_Datatype datatype, MPI_Count count);
TESSERA_API int MPI_Status_get_source(MPI_Status *status, int *source);
TESSERA_API int PMPI_Status_get_source(MPI_Status *status, int *source);
TESSERA_API int MPI_Status_set_source(MPI_Status *status, int source);
TESSERA_API int PMPI_Status_set_source(MPI_Status *status, int source);
TESSERA_API int MPI_Status_get_tag(MPI_Status *status, int *tag);
TESSERA_API int PMPI_Status_get_tag(MPI_Status *status, int *tag);
TESSERA_API int MPI_Status_set_tag(MPI_Status *status, int tag);
TESSERA_API int PMPI_Status_set_tag(MPI_Status *status, int tag);
TESSERA_API int MPI_Status_get_error(MPI_Status *status, int *error);
TESSERA_API int PMPI_Status_get_error(MPI_Status *status, int *error);
TESSERA_API int MPI_Status_set_error(MPI_Status *status, int error);
TESSERA_API int PMPI_Status_set_error(MPI_Status *status, int error);
TESSERA_API int MPI_Status_c2f(const MPI_Status *c_status, MPI_Fint *f_status);
TESSERA_API int PMPI_Status_c2f(const MPI_Status *c_status, MPI_Fint *f_status);
TESSERA_API int MPI_Status_f2c(const MPI_Fint *f_status, MPI_Status *c_status);
TESSERA_API int PMPI_Status_f2c(const MPI_Fint *f_status, MPI_Status *c_status);
TESSERA_API int MPI_Status_c2f08(const MPI_Status *c_status, MPI_F08_status *f08_status);
TESSERA_API int PMPI_Status_c2f08(const MPI_Status *c_status, MPI_F08_status *f08_status);
TESSERA_API int MPI_Status_f082c(const MPI_F08_status *f08_status, MPI_Status *c_status);
TESSERA_API int PMPI_Status_f082c(const MPI_F08_status *f08_status, MPI_Status *c_status);
TESSERA_API int MPI_Status_f2f08(const MPI_Fint *f_status, MPI_F08_status *f08_status);
TESSERA_API int PMPI_Status_f2f08(const MPI_Fint *f_status, MPI_F08_status *f08_status);
TESSERA_API int MPI_Status_f082f(const MPI_F08_status *f08_status, MPI_Fint *f_status);
TESSERA_API int PMPI_Status_f082f(const MPI_F08_status *f08_status, MPI_Fint *f_status);
TESSERA_API int MPI_Cancel(MPI_Request *request);
TESSERA_API int PMPI_Cancel(MPI_Request *request);

/* Large-count forms (MPI-4): counts of type MPI_Count */
TESSERA_API int MPI_Send_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
TESSERA_API int PMPI_Send_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
TESSERA_API int MPI_Ssend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
TESSERA_API int PMPI_Ssend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
TESSERA_API int MPI_Rsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
TESSERA_API int PMPI_Rsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
TESSERA_API int MPI_Bsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
TESSERA_API int PMPI_Bsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
TESSERA_API int MPI_Isend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                            MPI_Request *request);
TESSERA_API int PMPI_Isend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                             MPI_Request *request);
TESSERA_API int MPI_Issend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                             MPI_Request *request);
TESSERA_API int PMPI_Issend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                              MPI_Request *request);
TESSERA_API int MPI_Irsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                             MPI_Request *request);
TESSERA_API int PMPI_Irsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                              MPI_Request *request);
TESSERA_API int MPI_Ibsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                             MPI_Request *request);
TESSERA_API int PMPI_Ibsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                              MPI_Request *request);
TESSERA_API int MPI_Send_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                                MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Send_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                                 MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Ssend_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                                 MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Ssend_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                                  MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Rsend_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                                 MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Rsend_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                                  MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Bsend_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                                 MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Bsend_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                                  MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Recv_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                           MPI_Status *status);
TESSERA_API int PMPI_Recv_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                            MPI_Status *status);
TESSERA_API int MPI_Irecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                            MPI_Request *request);
TESSERA_API int PMPI_Irecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                             MPI_Request *request);
TESSERA_API int MPI_Recv_init_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                                MPI_Request *request);
TESSERA_API int PMPI_Recv_init_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                                 MPI_Request *request);
TESSERA_API int MPI_Sendrecv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                               void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source, int recvtag,
                               MPI_Comm comm, MPI_Status *status);
TESSERA_API int PMPI_Sendrecv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                                void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source, int recvtag,
                                MPI_Comm comm, MPI_Status *status);
TESSERA_API int MPI_Sendrecv_replace_c(void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag,
                                       int source, int recvtag, MPI_Comm comm, MPI_Status *status);
TESSERA_API int PMPI_Sendrecv_replace_c(void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag,
                                        int source, int recvtag, MPI_Comm comm, MPI_Status *status);
TESSERA_API int MPI_Isendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                              void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                              MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Isendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                               void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                               MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Isendrecv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                                void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source, int recvtag,
                                MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Isendrecv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                                 void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source, int recvtag,
                                 MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Isendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source,
                                      int recvtag, MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Isendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source,
                                       int recvtag, MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Isendrecv_replace_c(void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag,
                                        int source, int recvtag, MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Isendrecv_replace_c(void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag,
                                         int source, int recvtag, MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Mrecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message,
                            MPI_Status *status);
TESSERA_API int PMPI_Mrecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message,
                             MPI_Status *status);
TESSERA_API int MPI_Imrecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message,
                             MPI_Request *request);
TESSERA_API int PMPI_Imrecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message,
                              MPI_Request *request);
TESSERA_API int MPI_Buffer_attach_c(void *buffer, MPI_Count size);
TESSERA_API int PMPI_Buffer_attach_c(void *buffer, MPI_Count size);
TESSERA_API int MPI_Buffer_detach_c(void *buffer_addr, MPI_Count *size);
TESSERA_API int PMPI_Buffer_detach_c(void *buffer_addr, MPI_Count *size);
TESSERA_API int MPI_Comm_attach_buffer_c(MPI_Comm comm, void *buffer, MPI_Count size);
TESSERA_API int PMPI_Comm_attach_buffer_c(MPI_Comm comm, void *buffer, MPI_Count size);
TESSERA_API int MPI_Comm_detach_buffer_c(MPI_Comm comm, void *buffer_addr, MPI_Count *size);
TESSERA_API int PMPI_Comm_detach_buffer_c(MPI_Comm comm, void *buffer_addr, MPI_Count *size);
TESSERA_API int MPI_Get_count_c(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count);
TESSERA_API int PMPI_Get_count_c(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count);
TESSERA_API int MPI_Get_elements_c(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count);
TESSERA_API int PMPI_Get_elements_c(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count);

/* Completion */
TESSERA_API int MPI_Wait(MPI_Request *request, MPI_Status *status);
TESSERA_API int PMPI_Wait(MPI_Request *request, MPI_Status *status);
TESSERA_API int MPI_Waitall(int count, MPI_Request array_of_requests[], MPI_Status array_of_statuses[]);
TESSERA_API int PMPI_Waitall(int count, MPI_Request array_of_requests[], MPI_Status array_of_statuses[]);
TESSERA_API int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status);
TESSERA_API int PMPI_Test(MPI_Request *request, int *flag, MPI_Status *status);
TESSERA_API int MPI_Testall(int count, MPI_Request array_of_requests[], int *flag, MPI_Status array_of_statuses[]);
TESSERA_API int PMPI_Testall(int count, MPI_Request array_of_requests[], int *flag, MPI_Status array_of_statuses[]);
TESSERA_API int MPI_Waitany(int count, MPI_Request array_of_requests[], int *index, MPI_Status *status);
TESSERA_API int PMPI_Waitany(int count, MPI_Request array_of_requests[], int *index, MPI_Status *status);
TESSERA_API int MPI_Testany(int count, MPI_Request array_of_requests[], int *index, int *flag, MPI_Status *status);
TESSERA_API int PMPI_Testany(int count, MPI_Request array_of_requests[], int *index, int *flag, MPI_Status *status);
TESSERA_API int MPI_Waitsome(int incount, MPI_Request array_of_requests[], int *outcount, int array_of_indices[],
                             MPI_Status array_of_statuses[]);
TESSERA_API int PMPI_Waitsome(int incount, MPI_Request array_of_requests[], int *outcount, int array_of_indices[],
                              MPI_Status array_of_statuses[]);
TESSERA_API int MPI_Testsome(int incount, MPI_Request array_of_requests[], int *outcount, int array_of_indices[],
                             MPI_Status array_of_statuses[]);
TESSERA_API int PMPI_Testsome(int incount, MPI_Request array_of_requests[], int *outcount, int array_of_indices[],
                              MPI_Status array_of_statuses[]);
TESSERA_API int MPI_Request_free(MPI_Request *request);
TESSERA_API int PMPI_Request_free(MPI_Request *request);
TESSERA_API int MPI_Request_get_status(MPI_Request request, int *flag, MPI_Status *status);
TESSERA_API int PMPI_Request_get_status(MPI_Request request, int *flag, MPI_Status *status);
TESSERA_API int MPI_Request_get_status_all(int count, MPI_Request array_of_requests[], int *flag,
                                           MPI_Status array_of_statuses[]);
TESSERA_API int PMPI_Request_get_status_all(int count, MPI_Request array_of_requests[], int *flag,
                                            MPI_Status array_of_statuses[]);
TESSERA_API int MPI_Request_get_status_any(int count, MPI_Request array_of_requests[], int *index, int *flag,
                                           MPI_Status *status);
TESSERA_API int PMPI_Request_get_status_any(int count, MPI_Request array_of_requests[], int *index, int *flag,
                                            MPI_Status *status);
TESSERA_API int MPI_Request_get_status_some(int incount, MPI_Request array_of_requests[], int *outcount,
                                            int array_of_indices[], MPI_Status array_of_statuses[]);
TESSERA_API int PMPI_Request_get_status_some(int incount, MPI_Request array_of_requests[], int *outcount,
                                             int array_of_indices[], MPI_Status array_of_statuses[]);
TESSERA_API int MPI_Grequest_start(MPI_Grequest_query_function *query_fn, MPI_Grequest_free_function *free_fn,
                                   MPI_Grequest_cancel_function *cancel_fn, void *extra_state, MPI_Request *request);
TESSERA_API int PMPI_Grequest_start(MPI_Grequest_query_function *query_fn, MPI_Grequest_free_function *free_fn,
                                    MPI_Grequest_cancel_function *cancel_fn, void *extra_state, MPI_Request *request);
TESSERA_API int MPI_Grequest_complete(MPI_Request request);
TESSERA_API int PMPI_Grequest_complete(MPI_Request request);

/* Datatypes */
TESSERA_API int MPI_Type_size(MPI_Datatype datatype, int *size);
TESSERA_API int PMPI_Type_size(MPI_Datatype datatype, int *size);
TESSERA_API int MPI_Type_size_x(MPI_Datatype datatype, MPI_Count *size);
TESSERA_API int PMPI_Type_size_x(MPI_Datatype datatype, MPI_Count *size);
TESSERA_API int MPI_Type_size_c(MPI_Datatype datatype, MPI_Count *size);
TESSERA_API int PMPI_Type_size_c(MPI_Datatype datatype, MPI_Count *size);
TESSERA_API int MPI_Type_commit(MPI_Datatype *datatype);
TESSERA_API int PMPI_Type_commit(MPI_Datatype *datatype);
TESSERA_API int MPI_Type_free(MPI_Datatype *datatype);
TESSERA_API int PMPI_Type_free(MPI_Datatype *datatype);
TESSERA_API int MPI_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype *newtype);
TESSERA_API int MPI_Type_contiguous_c(MPI_Count count, MPI_Datatype oldtype, MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_contiguous_c(MPI_Count count, MPI_Datatype oldtype, MPI_Datatype *newtype);
TESSERA_API int MPI_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype, MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype, MPI_Datatype *newtype);
TESSERA_API int MPI_Type_vector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride, MPI_Datatype oldtype,
                                  MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_vector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride, MPI_Datatype oldtype,
                                   MPI_Datatype *newtype);
TESSERA_API int MPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                                        MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                                         MPI_Datatype *newtype);
TESSERA_API int MPI_Type_create_hvector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride,
                                          MPI_Datatype oldtype, MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_create_hvector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride,
                                           MPI_Datatype oldtype, MPI_Datatype *newtype);
TESSERA_API int MPI_Type_indexed(int count, const int array_of_blocklengths[], const int array_of_displacements[],
                                 MPI_Datatype oldtype, MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_indexed(int count, const int array_of_blocklengths[], const int array_of_displacements[],
                                  MPI_Datatype oldtype, MPI_Datatype *newtype);
TESSERA_API int MPI_Type_indexed_c(MPI_Count count, const MPI_Count array_of_blocklengths[],
                                   const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                                   MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_indexed_c(MPI_Count count, const MPI_Count array_of_blocklengths[],
                                    const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                                    MPI_Datatype *newtype);
TESSERA_API int MPI_Type_create_hindexed(int count, const int array_of_blocklengths[],
                                         const MPI_Aint array_of_displacements[], MPI_Datatype oldtype,
                                         MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_create_hindexed(int count, const int array_of_blocklengths[],
                                          const MPI_Aint array_of_displacements[], MPI_Datatype oldtype,
                                          MPI_Datatype *newtype);
TESSERA_API int MPI_Type_create_hindexed_c(MPI_Count count, const MPI_Count array_of_blocklengths[],
                                           const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                                           MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_create_hindexed_c(MPI_Count count, const MPI_Count array_of_blocklengths[],
                                            const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                                            MPI_Datatype *newtype);
TESSERA_API int MPI_Type_create_indexed_block(int count, int blocklength, const int array_of_displacements[],
                                              MPI_Datatype oldtype, MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_create_indexed_block(int count, int blocklength, const int array_of_displacements[],
                                               MPI_Datatype oldtype, MPI_Datatype *newtype);
TESSERA_API int MPI_Type_create_indexed_block_c(MPI_Count count, MPI_Count blocklength,
                                                const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                                                MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_create_indexed_block_c(MPI_Count count, MPI_Count blocklength,
                                                 const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                                                 MPI_Datatype *newtype);
TESSERA_API int MPI_Type_create_hindexed_block(int count, int blocklength, const MPI_Aint array_of_displacements[],
                                               MPI_Datatype oldtype, MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_create_hindexed_block(int count, int blocklength, const MPI_Aint array_of_displacements[],
                                                MPI_Datatype oldtype, MPI_Datatype *newtype);
TESSERA_API int MPI_Type_create_hindexed_block_c(MPI_Count count, MPI_Count blocklength,
                                                 const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                                                 MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_create_hindexed_block_c(MPI_Count count, MPI_Count blocklength,
                                                  const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                                                  MPI_Datatype *newtype);
TESSERA_API int MPI_Type_create_struct(int count, const int array_of_blocklengths[],
                                       const MPI_Aint array_of_displacements[], const MPI_Datatype array_of_types[],
                                       MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_create_struct(int count, const int array_of_blocklengths[],
                                        const MPI_Aint array_of_displacements[], const MPI_Datatype array_of_types[],
                                        MPI_Datatype *newtype);
TESSERA_API int MPI_Type_create_struct_c(MPI_Count count, const MPI_Count array_of_blocklengths[],
                                         const MPI_Count array_of_displacements[], const MPI_Datatype array_of_types[],
                                         MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_create_struct_c(MPI_Count count, const MPI_Count array_of_blocklengths[],
                                          const MPI_Count array_of_displacements[], const MPI_Datatype array_of_types[],
                                          MPI_Datatype *newtype);
TESSERA_API int MPI_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent, MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent, MPI_Datatype *newtype);
TESSERA_API int MPI_Type_create_resized_c(MPI_Datatype oldtype, MPI_Count lb, MPI_Count extent, MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_create_resized_c(MPI_Datatype oldtype, MPI_Count lb, MPI_Count extent, MPI_Datatype *newtype);
TESSERA_API int MPI_Type_dup(MPI_Datatype oldtype, MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_dup(MPI_Datatype oldtype, MPI_Datatype *newtype);
TESSERA_API int MPI_Type_create_subarray(int ndims, const int array_of_sizes[], const int array_of_subsizes[],
                                         const int array_of_starts[], int order, MPI_Datatype oldtype,
                                         MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_create_subarray(int ndims, const int array_of_sizes[], const int array_of_subsizes[],
                                          const int array_of_starts[], int order, MPI_Datatype oldtype,
                                          MPI_Datatype *newtype);
TESSERA_API int MPI_Type_create_subarray_c(int ndims, const MPI_Count array_of_sizes[],
                                           const MPI_Count array_of_subsizes[], const MPI_Count array_of_starts[],
                                           int order, MPI_Datatype oldtype, MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_create_subarray_c(int ndims, const MPI_Count array_of_sizes[],
                                            const MPI_Count array_of_subsizes[], const MPI_Count array_of_starts[],
                                            int order, MPI_Datatype oldtype, MPI_Datatype *newtype);
TESSERA_API int MPI_Type_create_darray(int size, int rank, int ndims, const int array_of_gsizes[],
                                       const int array_of_distribs[], const int array_of_dargs[],
                                       const int array_of_psizes[], int order, MPI_Datatype oldtype,
                                       MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_create_darray(int size, int rank, int ndims, const int array_of_gsizes[],
                                        const int array_of_distribs[], const int array_of_dargs[],
                                        const int array_of_psizes[], int order, MPI_Datatype oldtype,
                                        MPI_Datatype *newtype);
TESSERA_API int MPI_Type_create_darray_c(int size, int rank, int ndims, const MPI_Count array_of_gsizes[],
                                         const int array_of_distribs[], const int array_of_dargs[],
                                         const int array_of_psizes[], int order, MPI_Datatype oldtype,
                                         MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_create_darray_c(int size, int rank, int ndims, const MPI_Count array_of_gsizes[],
                                          const int array_of_distribs[], const int array_of_dargs[],
                                          const int array_of_psizes[], int order, MPI_Datatype oldtype,
                                          MPI_Datatype *newtype);
TESSERA_API int MPI_Type_get_envelope_c(MPI_Datatype datatype, MPI_Count *num_integers, MPI_Count *num_addresses,
                                        MPI_Count *num_large_counts, MPI_Count *num_datatypes, int *combiner);
TESSERA_API int PMPI_Type_get_envelope_c(MPI_Datatype datatype, MPI_Count *num_integers, MPI_Count *num_addresses,
                                         MPI_Count *num_large_counts, MPI_Count *num_datatypes, int *combiner);
TESSERA_API int MPI_Type_get_envelope(MPI_Datatype datatype, int *num_integers, int *num_addresses, int *num_datatypes,
                                      int *combiner);
TESSERA_API int PMPI_Type_get_envelope(MPI_Datatype datatype, int *num_integers, int *num_addresses, int *num_datatypes,
                                       int *combiner);
TESSERA_API int MPI_Type_get_contents(MPI_Datatype datatype, int max_integers, int max_addresses, int max_datatypes,
                                      int array_of_integers[], MPI_Aint array_of_addresses[],
                                      MPI_Datatype array_of_datatypes[]);
TESSERA_API int PMPI_Type_get_contents(MPI_Datatype datatype, int max_integers, int max_addresses, int max_datatypes,
                                       int array_of_integers[], MPI_Aint array_of_addresses[],
                                       MPI_Datatype array_of_datatypes[]);
TESSERA_API int MPI_Type_get_contents_c(MPI_Datatype datatype, MPI_Count max_integers, MPI_Count max_addresses,
                                        MPI_Count max_large_counts, MPI_Count max_datatypes, int array_of_integers[],
                                        MPI_Aint array_of_addresses[], MPI_Count array_of_large_counts[],
                                        MPI_Datatype array_of_datatypes[]);
TESSERA_API int PMPI_Type_get_contents_c(MPI_Datatype datatype, MPI_Count max_integers, MPI_Count max_addresses,
                                         MPI_Count max_large_counts, MPI_Count max_datatypes, int array_of_integers[],
                                         MPI_Aint array_of_addresses[], MPI_Count array_of_large_counts[],
                                         MPI_Datatype array_of_datatypes[]);
TESSERA_API int MPI_Type_set_name(MPI_Datatype datatype, const char *type_name);
TESSERA_API int PMPI_Type_set_name(MPI_Datatype datatype, const char *type_name);
TESSERA_API int MPI_Type_get_name(MPI_Datatype datatype, char *type_name, int *resultlen);
TESSERA_API int PMPI_Type_get_name(MPI_Datatype datatype, char *type_name, int *resultlen);
TESSERA_API int MPI_Get_address(const void *location, MPI_Aint *address);
TESSERA_API int PMPI_Get_address(const void *location, MPI_Aint *address);
TESSERA_API MPI_Aint MPI_Aint_add(MPI_Aint base, MPI_Aint disp);
TESSERA_API MPI_Aint PMPI_Aint_add(MPI_Aint base, MPI_Aint disp);
TESSERA_API MPI_Aint MPI_Aint_diff(MPI_Aint addr1, MPI_Aint addr2);
TESSERA_API MPI_Aint PMPI_Aint_diff(MPI_Aint addr1, MPI_Aint addr2);
TESSERA_API int MPI_Type_match_size(int typeclass, int size, MPI_Datatype *datatype);
TESSERA_API int PMPI_Type_match_size(int typeclass, int size, MPI_Datatype *datatype);
TESSERA_API int MPI_Type_get_value_index(MPI_Datatype value_type, MPI_Datatype index_type, MPI_Datatype *pair_type);
TESSERA_API int PMPI_Type_get_value_index(MPI_Datatype value_type, MPI_Datatype index_type, MPI_Datatype *pair_type);
TESSERA_API int MPI_Type_create_f90_integer(int r, MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_create_f90_integer(int r, MPI_Datatype *newtype);
TESSERA_API int MPI_Type_create_f90_real(int p, int r, MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_create_f90_real(int p, int r, MPI_Datatype *newtype);
TESSERA_API int MPI_Type_create_f90_complex(int p, int r, MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_create_f90_complex(int p, int r, MPI_Datatype *newtype);
TESSERA_API int MPI_Pack(const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf, int outsize,
                         int *position, MPI_Comm comm);
TESSERA_API int PMPI_Pack(const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf, int outsize,
                          int *position, MPI_Comm comm);
TESSERA_API int MPI_Pack_c(const void *inbuf, MPI_Count incount, MPI_Datatype datatype, void *outbuf, MPI_Count outsize,
                           MPI_Count *position, MPI_Comm comm);
TESSERA_API int PMPI_Pack_c(const void *inbuf, MPI_Count incount, MPI_Datatype datatype, void *outbuf,
                            MPI_Count outsize, MPI_Count *position, MPI_Comm comm);
TESSERA_API int MPI_Unpack(const void *inbuf, int insize, int *position, void *outbuf, int outcount,
                           MPI_Datatype datatype, MPI_Comm comm);
TESSERA_API int PMPI_Unpack(const void *inbuf, int insize, int *position, void *outbuf, int outcount,
                            MPI_Datatype datatype, MPI_Comm comm);
TESSERA_API int MPI_Unpack_c(const void *inbuf, MPI_Count insize, MPI_Count *position, void *outbuf, MPI_Count outcount,
                             MPI_Datatype datatype, MPI_Comm comm);
TESSERA_API int PMPI_Unpack_c(const void *inbuf, MPI_Count insize, MPI_Count *position, void *outbuf,
                              MPI_Count outcount, MPI_Datatype datatype, MPI_Comm comm);
TESSERA_API int MPI_Pack_size(int incount, MPI_Datatype datatype, MPI_Comm comm, int *size);
TESSERA_API int PMPI_Pack_size(int incount, MPI_Datatype datatype, MPI_Comm comm, int *size);
TESSERA_API int MPI_Pack_size_c(MPI_Count incount, MPI_Datatype datatype, MPI_Comm comm, MPI_Count *size);
TESSERA_API int PMPI_Pack_size_c(MPI_Count incount, MPI_Datatype datatype, MPI_Comm comm, MPI_Count *size);
TESSERA_API int MPI_Pack_external(const char datarep[], const void *inbuf, int incount, MPI_Datatype datatype,
                                  void *outbuf, MPI_Aint outsize, MPI_Aint *position);
TESSERA_API int PMPI_Pack_external(const char datarep[], const void *inbuf, int incount, MPI_Datatype datatype,
                                   void *outbuf, MPI_Aint outsize, MPI_Aint *position);
TESSERA_API int MPI_Pack_external_c(const char datarep[], const void *inbuf, MPI_Count incount, MPI_Datatype datatype,
                                    void *outbuf, MPI_Count outsize, MPI_Count *position);
TESSERA_API int PMPI_Pack_external_c(const char datarep[], const void *inbuf, MPI_Count incount, MPI_Datatype datatype,
                                     void *outbuf, MPI_Count outsize, MPI_Count *position);
TESSERA_API int MPI_Unpack_external(const char datarep[], const void *inbuf, MPI_Aint insize, MPI_Aint *position,
                                    void *outbuf, int outcount, MPI_Datatype datatype);
TESSERA_API int PMPI_Unpack_external(const char datarep[], const void *inbuf, MPI_Aint insize, MPI_Aint *position,
                                     void *outbuf, int outcount, MPI_Datatype datatype);
TESSERA_API int MPI_Unpack_external_c(const char datarep[], const void *inbuf, MPI_Count insize, MPI_Count *position,
                                      void *outbuf, MPI_Count outcount, MPI_Datatype datatype);
TESSERA_API int PMPI_Unpack_external_c(const char datarep[], const void *inbuf, MPI_Count insize, MPI_Count *position,
                                       void *outbuf, MPI_Count outcount, MPI_Datatype datatype);
TESSERA_API int MPI_Pack_external_size(const char datarep[], int incount, MPI_Datatype datatype, MPI_Aint *size);
TESSERA_API int PMPI_Pack_external_size(const char datarep[], int incount, MPI_Datatype datatype, MPI_Aint *size);
TESSERA_API int MPI_Pack_external_size_c(const char datarep[], MPI_Count incount, MPI_Datatype datatype,
                                         MPI_Count *size);
TESSERA_API int PMPI_Pack_external_size_c(const char datarep[], MPI_Count incount, MPI_Datatype datatype,
                                          MPI_Count *size);
TESSERA_API int MPI_Type_get_extent(MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent);
TESSERA_API int PMPI_Type_get_extent(MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent);
TESSERA_API int MPI_Type_get_extent_x(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent);
TESSERA_API int PMPI_Type_get_extent_x(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent);
TESSERA_API int MPI_Type_get_extent_c(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent);
TESSERA_API int PMPI_Type_get_extent_c(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent);
TESSERA_API int MPI_Type_get_true_extent(MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent);
TESSERA_API int PMPI_Type_get_true_extent(MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent);
TESSERA_API int MPI_Type_get_true_extent_x(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent);
TESSERA_API int PMPI_Type_get_true_extent_x(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent);
TESSERA_API int MPI_Type_get_true_extent_c(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent);
TESSERA_API int PMPI_Type_get_true_extent_c(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent);

/* ------------------------------------------------------------------------ */
/* Collective operations and reduction operations                           */
/* ------------------------------------------------------------------------ */

TESSERA_API int MPI_Barrier(MPI_Comm comm);
TESSERA_API int PMPI_Barrier(MPI_Comm comm);
TESSERA_API int MPI_Ibarrier(MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Ibarrier(MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Barrier_init(MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Barrier_init(MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
TESSERA_API int PMPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
TESSERA_API int MPI_Bcast_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm);
TESSERA_API int PMPI_Bcast_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm);
TESSERA_API int MPI_Ibcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                           MPI_Request *request);
TESSERA_API int PMPI_Ibcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                            MPI_Request *request);
TESSERA_API int MPI_Ibcast_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm,
                             MPI_Request *request);
TESSERA_API int PMPI_Ibcast_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm,
                              MPI_Request *request);
TESSERA_API int MPI_Bcast_init(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Info info,
                               MPI_Request *request);
TESSERA_API int PMPI_Bcast_init(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Info info,
                                MPI_Request *request);
TESSERA_API int MPI_Bcast_init_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                 MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Bcast_init_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                  MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, int root, MPI_Comm comm);
TESSERA_API int PMPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                            MPI_Datatype recvtype, int root, MPI_Comm comm);
TESSERA_API int MPI_Gather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                             MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
TESSERA_API int PMPI_Gather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                              MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
TESSERA_API int MPI_Igather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                            MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Igather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                             MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Igather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                              MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                              MPI_Request *request);
TESSERA_API int PMPI_Igather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                               MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                               MPI_Request *request);
TESSERA_API int MPI_Gather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Gather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                                 MPI_Request *request);
TESSERA_API int MPI_Gather_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                  MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                                  MPI_Request *request);
TESSERA_API int PMPI_Gather_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                   MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                                   MPI_Request *request);
TESSERA_API int MPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                            const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm);
TESSERA_API int PMPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                             const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                             MPI_Comm comm);
TESSERA_API int MPI_Gatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                              const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root,
                              MPI_Comm comm);
TESSERA_API int PMPI_Gatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                               const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root,
                               MPI_Comm comm);
TESSERA_API int MPI_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                             const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm,
                             MPI_Request *request);
TESSERA_API int PMPI_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                              const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                              MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Igatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                               const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root,
                               MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Igatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root,
                                MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Gatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                 const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                                 MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Gatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                  const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                                  MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Gatherv_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                   const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                                   int root, MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Gatherv_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                    const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                                    int root, MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                            MPI_Datatype recvtype, int root, MPI_Comm comm);
TESSERA_API int PMPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                             MPI_Datatype recvtype, int root, MPI_Comm comm);
TESSERA_API int MPI_Scatter_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                              MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
TESSERA_API int PMPI_Scatter_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                               MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
TESSERA_API int MPI_Iscatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                             MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Iscatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                              MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Iscatter_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                               MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                               MPI_Request *request);
TESSERA_API int PMPI_Iscatter_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                                MPI_Request *request);
TESSERA_API int MPI_Scatter_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                                 MPI_Request *request);
TESSERA_API int PMPI_Scatter_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                                  MPI_Request *request);
TESSERA_API int MPI_Scatter_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                   MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                                   MPI_Request *request);
TESSERA_API int PMPI_Scatter_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                    MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                                    MPI_Request *request);
TESSERA_API int MPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                             void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
TESSERA_API int PMPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                              void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
TESSERA_API int MPI_Scatterv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                               MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                               int root, MPI_Comm comm);
TESSERA_API int PMPI_Scatterv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                                MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                int root, MPI_Comm comm);
TESSERA_API int MPI_Iscatterv(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                              void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                              MPI_Request *request);
TESSERA_API int PMPI_Iscatterv(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                               void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                               MPI_Request *request);
TESSERA_API int MPI_Iscatterv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                                MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                int root, MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Iscatterv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                                 MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                 int root, MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Scatterv_init(const void *sendbuf, const int sendcounts[], const int displs[],
                                  MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                                  MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Scatterv_init(const void *sendbuf, const int sendcounts[], const int displs[],
                                   MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                                   MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Scatterv_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                                    MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                    int root, MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Scatterv_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                                     MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                     int root, MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                              MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int PMPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                               MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int MPI_Allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int PMPI_Allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                 MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int MPI_Iallgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                               MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Iallgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Iallgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                 MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Iallgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                  MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                   MPI_Request *request);
TESSERA_API int PMPI_Allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                    MPI_Request *request);
TESSERA_API int MPI_Allgather_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                     MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                     MPI_Request *request);
TESSERA_API int PMPI_Allgather_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                      MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                      MPI_Request *request);
TESSERA_API int MPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                               const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int PMPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int MPI_Allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                 const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                                 MPI_Comm comm);
TESSERA_API int PMPI_Allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                  const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                                  MPI_Comm comm);
TESSERA_API int MPI_Iallgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                                MPI_Request *request);
TESSERA_API int PMPI_Iallgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                 const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                                 MPI_Request *request);
TESSERA_API int MPI_Iallgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                  const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                                  MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Iallgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                   const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                                   MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                    const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                                    MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                     const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                                     MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Allgatherv_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                      const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                                      MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Allgatherv_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                       const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                                       MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                             MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int PMPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                              MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int MPI_Alltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                               MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int PMPI_Alltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int MPI_Ialltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                              MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Ialltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                               MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Ialltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Ialltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                 MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                  MPI_Request *request);
TESSERA_API int PMPI_Alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                   MPI_Request *request);
TESSERA_API int MPI_Alltoall_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                    MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                    MPI_Request *request);
TESSERA_API int PMPI_Alltoall_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                     MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                     MPI_Request *request);
TESSERA_API int MPI_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                              void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                              MPI_Comm comm);
TESSERA_API int PMPI_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                               void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                               MPI_Comm comm);
TESSERA_API int MPI_Alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
                                const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int PMPI_Alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                 MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
                                 const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int MPI_Ialltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                               void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                               MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Ialltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                                void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                                MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Ialltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                 MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
                                 const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Ialltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                  MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
                                  const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Alltoallv_init(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                   MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
                                   MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Alltoallv_init(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                    MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
                                    MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Alltoallv_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                     MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
                                     const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                     MPI_Request *request);
TESSERA_API int PMPI_Alltoallv_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                      MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
                                      const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                      MPI_Request *request);
TESSERA_API int MPI_Alltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[],
                              const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                              const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm);
TESSERA_API int PMPI_Alltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[],
                               const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                               const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm);
TESSERA_API int MPI_Alltoallw_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                                const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm);
TESSERA_API int PMPI_Alltoallw_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                 const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                                 const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm);
TESSERA_API int MPI_Ialltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[],
                               const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                               const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                               MPI_Request *request);
TESSERA_API int PMPI_Ialltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                MPI_Request *request);
TESSERA_API int MPI_Ialltoallw_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                 const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                                 const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                 MPI_Request *request);
TESSERA_API int PMPI_Ialltoallw_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                  const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                                  const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                  MPI_Request *request);
TESSERA_API int MPI_Alltoallw_init(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                   const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                   const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
                                   MPI_Request *request);
TESSERA_API int PMPI_Alltoallw_init(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                    const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                    const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
                                    MPI_Request *request);
TESSERA_API int MPI_Alltoallw_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                     const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                                     const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                     MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Alltoallw_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                      const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                                      const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                      MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                           MPI_Comm comm);
TESSERA_API int PMPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                            MPI_Comm comm);
TESSERA_API int MPI_Reduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                             int root, MPI_Comm comm);
TESSERA_API int PMPI_Reduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                              int root, MPI_Comm comm);
TESSERA_API int MPI_Ireduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                            MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Ireduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                             MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Ireduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                              int root, MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Ireduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                               int root, MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Reduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                int root, MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Reduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                 int root, MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Reduce_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                                  int root, MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Reduce_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype,
                                   MPI_Op op, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                              MPI_Comm comm);
TESSERA_API int PMPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                               MPI_Comm comm);
TESSERA_API int MPI_Allreduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                                MPI_Comm comm);
TESSERA_API int PMPI_Allreduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                                 MPI_Comm comm);
TESSERA_API int MPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                               MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Iallreduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                                 MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Iallreduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                                  MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Allreduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                   MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Allreduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                    MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Allreduce_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype,
                                     MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Allreduce_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype,
                                      MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,
                                   MPI_Op op, MPI_Comm comm);
TESSERA_API int PMPI_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,
                                    MPI_Op op, MPI_Comm comm);
TESSERA_API int MPI_Reduce_scatter_c(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[],
                                     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
TESSERA_API int PMPI_Reduce_scatter_c(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[],
                                      MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
TESSERA_API int MPI_Ireduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,
                                    MPI_Op op, MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Ireduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,
                                     MPI_Op op, MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Ireduce_scatter_c(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[],
                                      MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Ireduce_scatter_c(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[],
                                       MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Reduce_scatter_init(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                        MPI_Request *request);
TESSERA_API int PMPI_Reduce_scatter_init(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                         MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                         MPI_Request *request);
TESSERA_API int MPI_Reduce_scatter_init_c(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[],
                                          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                          MPI_Request *request);
TESSERA_API int PMPI_Reduce_scatter_init_c(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[],
                                           MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                           MPI_Request *request);
TESSERA_API int MPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                         MPI_Op op, MPI_Comm comm);
TESSERA_API int PMPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                          MPI_Op op, MPI_Comm comm);
TESSERA_API int MPI_Reduce_scatter_block_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount,
                                           MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
TESSERA_API int PMPI_Reduce_scatter_block_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount,
                                            MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
TESSERA_API int MPI_Ireduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                          MPI_Op op, MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Ireduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                           MPI_Op op, MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Ireduce_scatter_block_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount,
                                            MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Ireduce_scatter_block_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount,
                                             MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Reduce_scatter_block_init(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                              MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Reduce_scatter_block_init(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                               MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Reduce_scatter_block_init_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount,
                                                MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                                MPI_Request *request);
TESSERA_API int PMPI_Reduce_scatter_block_init_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount,
                                                 MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                                 MPI_Request *request);
TESSERA_API int MPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                         MPI_Comm comm);
TESSERA_API int PMPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                          MPI_Comm comm);
TESSERA_API int MPI_Scan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                           MPI_Comm comm);
TESSERA_API int PMPI_Scan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                            MPI_Comm comm);
TESSERA_API int MPI_Iscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                          MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Iscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                           MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Iscan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                            MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Iscan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                             MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Scan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                              MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Scan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                               MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Scan_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                                MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Scan_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                                 MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                           MPI_Comm comm);
TESSERA_API int PMPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                            MPI_Comm comm);
TESSERA_API int MPI_Exscan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                             MPI_Comm comm);
TESSERA_API int PMPI_Exscan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                              MPI_Comm comm);
TESSERA_API int MPI_Iexscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                            MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Iexscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                             MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Iexscan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                              MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Iexscan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                               MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Exscan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Exscan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                 MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Exscan_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                                  MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Exscan_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype,
                                   MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Reduce_local(const void *inbuf, void *inoutbuf, int count, MPI_Datatype datatype, MPI_Op op);
TESSERA_API int PMPI_Reduce_local(const void *inbuf, void *inoutbuf, int count, MPI_Datatype datatype, MPI_Op op);
TESSERA_API int MPI_Reduce_local_c(const void *inbuf, void *inoutbuf, MPI_Count count, MPI_Datatype datatype,
                                   MPI_Op op);
TESSERA_API int PMPI_Reduce_local_c(const void *inbuf, void *inoutbuf, MPI_Count count, MPI_Datatype datatype,
                                    MPI_Op op);
TESSERA_API int MPI_Neighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                       int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int PMPI_Neighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                        int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int MPI_Neighbor_allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                         MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int PMPI_Neighbor_allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                          void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int MPI_Ineighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                        int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Ineighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                         int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Ineighbor_allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                          void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                          MPI_Request *request);
TESSERA_API int PMPI_Ineighbor_allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                           void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                           MPI_Request *request);
TESSERA_API int MPI_Neighbor_allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                            int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                            MPI_Request *request);
TESSERA_API int PMPI_Neighbor_allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                             int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                             MPI_Request *request);
TESSERA_API int MPI_Neighbor_allgather_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                              void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                              MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Neighbor_allgather_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                               void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                               MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Neighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                        const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                        MPI_Comm comm);
TESSERA_API int PMPI_Neighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                         const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                         MPI_Comm comm);
TESSERA_API int MPI_Neighbor_allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                          void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[],
                                          MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int PMPI_Neighbor_allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                           void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[],
                                           MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int MPI_Ineighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                         const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                         MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Ineighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                          const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                          MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Ineighbor_allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                           void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[],
                                           MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Ineighbor_allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                            void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[],
                                            MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Neighbor_allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                             const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                             MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Neighbor_allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                              const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                              MPI_Comm comm, MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Neighbor_allgatherv_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                               void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[],
                                               MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                               MPI_Request *request);
TESSERA_API int PMPI_Neighbor_allgatherv_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                                void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[],
                                                MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                                MPI_Request *request);
TESSERA_API int MPI_Neighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                      int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int PMPI_Neighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                       int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int MPI_Neighbor_alltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                        MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int PMPI_Neighbor_alltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                         MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int MPI_Ineighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                       int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
TESSERA_API int PMPI_Ineighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                        int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
TESSERA_API int MPI_Ineighbor_alltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                         MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                         MPI_Request *request);
TESSERA_API int PMPI_Ineighbor_alltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                          void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                          MPI_Request *request);
TESSERA_API int MPI_Neighbor_alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                           int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                           MPI_Request *request);
TESSERA_API int PMPI_Neighbor_alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                            int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                            MPI_Request *request);
TESSERA_API int MPI_Neighbor_alltoall_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                             void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                             MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Neighbor_alltoall_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                              void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                              MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Neighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                       MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                       const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int PMPI_Neighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                        MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                        const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int MPI_Neighbor_alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                         MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
                                         const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int PMPI_Neighbor_alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                          MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
                                          const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm);
TESSERA_API int MPI_Ineighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                        MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                        const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                                        MPI_Request *request);
TESSERA_API int PMPI_Ineighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                         MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                         const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                                         MPI_Request *request);
TESSERA_API int MPI_Ineighbor_alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                          MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
                                          const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                                          MPI_Request *request);
TESSERA_API int PMPI_Ineighbor_alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                           MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
                                           const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                                           MPI_Request *request);
TESSERA_API int MPI_Neighbor_alltoallv_init(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                            MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                            const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                            MPI_Request *request);
TESSERA_API int PMPI_Neighbor_alltoallv_init(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                             MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                             const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                             MPI_Request *request);
TESSERA_API int MPI_Neighbor_alltoallv_init_c(const void *sendbuf, const MPI_Count sendcounts[],
                                              const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf,
                                              const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                                              MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                              MPI_Request *request);
TESSERA_API int PMPI_Neighbor_alltoallv_init_c(const void *sendbuf, const MPI_Count sendcounts[],
                                               const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf,
                                               const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                                               MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                               MPI_Request *request);
TESSERA_API int MPI_Neighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                                       const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                       const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm);
TESSERA_API int PMPI_Neighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                                        const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                        const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm);
TESSERA_API int MPI_Neighbor_alltoallw_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                         const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                                         const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm);
TESSERA_API int PMPI_Neighbor_alltoallw_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                          const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                                          const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm);
TESSERA_API int MPI_Ineighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                                        const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                        const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                        MPI_Request *request);
TESSERA_API int PMPI_Ineighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                                         const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                         const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                         MPI_Request *request);
TESSERA_API int MPI_Ineighbor_alltoallw_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                          const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                                          const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                          MPI_Request *request);
TESSERA_API int PMPI_Ineighbor_alltoallw_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                           const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                                           const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                           MPI_Request *request);
TESSERA_API int MPI_Neighbor_alltoallw_init(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                                            const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                            const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                            MPI_Info info, MPI_Request *request);
TESSERA_API int PMPI_Neighbor_alltoallw_init(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                                             const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                             const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                             MPI_Info info, MPI_Request *request);
TESSERA_API int MPI_Neighbor_alltoallw_init_c(const void *sendbuf, const MPI_Count sendcounts[],
                                              const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf,
                                              const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                                              const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
                                              MPI_Request *request);
TESSERA_API int PMPI_Neighbor_alltoallw_init_c(const void *sendbuf, const MPI_Count sendcounts[],
                                               const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf,
                                               const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                                               const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
                                               MPI_Request *request);
TESSERA_API int MPI_Op_create(MPI_User_function *user_fn, int commute, MPI_Op *op);
TESSERA_API int PMPI_Op_create(MPI_User_function *user_fn, int commute, MPI_Op *op);
TESSERA_API int MPI_Op_create_c(MPI_User_function_c *user_fn, int commute, MPI_Op *op);
TESSERA_API int PMPI_Op_create_c(MPI_User_function_c *user_fn, int commute, MPI_Op *op);
TESSERA_API int MPI_Op_free(MPI_Op *op);
TESSERA_API int PMPI_Op_free(MPI_Op *op);
TESSERA_API int MPI_Op_commutative(MPI_Op op, int *commute);
TESSERA_API int PMPI_Op_commutative(MPI_Op op, int *commute);

/*
 * The MPI-1 functions that MPI-3.0 removed, for the programs still written
 * with them.  Each works as its successor (named beside it).  MPI_LB and
 * MPI_UB, the bound markers MPI_Type_struct once took, are not provided:
 * MPI_Type_create_resized sets bounds.
 */
typedef MPI_Comm_copy_attr_function MPI_Copy_function;
typedef MPI_Comm_delete_attr_function MPI_Delete_function;
typedef MPI_Comm_errhandler_function MPI_Handler_function;
#define MPI_NULL_COPY_FN MPI_COMM_NULL_COPY_FN
#define MPI_NULL_DELETE_FN MPI_COMM_NULL_DELETE_FN
#define MPI_DUP_FN MPI_COMM_DUP_FN
/* MPI_Get_address */
TESSERA_API int MPI_Address(const void *location, MPI_Aint *address);
TESSERA_API int PMPI_Address(const void *location, MPI_Aint *address);
/* MPI_Type_create_hvector, MPI_Type_create_hindexed, MPI_Type_create_struct */
TESSERA_API int MPI_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                                 MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                                  MPI_Datatype *newtype);
TESSERA_API int MPI_Type_hindexed(int count, const int array_of_blocklengths[], const MPI_Aint array_of_displacements[],
                                  MPI_Datatype oldtype, MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_hindexed(int count, const int array_of_blocklengths[],
                                   const MPI_Aint array_of_displacements[], MPI_Datatype oldtype,
                                   MPI_Datatype *newtype);
TESSERA_API int MPI_Type_struct(int count, const int array_of_blocklengths[], const MPI_Aint array_of_displacements[],
                                const MPI_Datatype array_of_types[], MPI_Datatype *newtype);
TESSERA_API int PMPI_Type_struct(int count, const int array_of_blocklengths[], const MPI_Aint array_of_displacements[],
                                 const MPI_Datatype array_of_types[], MPI_Datatype *newtype);
/* MPI_Type_get_extent */
TESSERA_API int MPI_Type_extent(MPI_Datatype datatype, MPI_Aint *extent);
TESSERA_API int PMPI_Type_extent(MPI_Datatype datatype, MPI_Aint *extent);
TESSERA_API int MPI_Type_lb(MPI_Datatype datatype, MPI_Aint *displacement);
TESSERA_API int PMPI_Type_lb(MPI_Datatype datatype, MPI_Aint *displacement);
TESSERA_API int MPI_Type_ub(MPI_Datatype datatype, MPI_Aint *displacement);
TESSERA_API int PMPI_Type_ub(MPI_Datatype datatype, MPI_Aint *displacement);
/* MPI_Comm_create_keyval, MPI_Comm_free_keyval */
TESSERA_API int MPI_Keyval_create(MPI_Copy_function *copy_fn, MPI_Delete_function *delete_fn, int *keyval,
                                  void *extra_state);
TESSERA_API int PMPI_Keyval_create(MPI_Copy_function *copy_fn, MPI_Delete_function *delete_fn, int *keyval,
                                   void *extra_state);
TESSERA_API int MPI_Keyval_free(int *keyval);
TESSERA_API int PMPI_Keyval_free(int *keyval);
/* MPI_Comm_set_attr, MPI_Comm_get_attr, MPI_Comm_delete_attr */
TESSERA_API int MPI_Attr_put(MPI_Comm comm, int keyval, void *attribute_val);
TESSERA_API int PMPI_Attr_put(MPI_Comm comm, int keyval, void *attribute_val);
TESSERA_API int MPI_Attr_get(MPI_Comm comm, int keyval, void *attribute_val, int *flag);
TESSERA_API int PMPI_Attr_get(MPI_Comm comm, int keyval, void *attribute_val, int *flag);
TESSERA_API int MPI_Attr_delete(MPI_Comm comm, int keyval);
TESSERA_API int PMPI_Attr_delete(MPI_Comm comm, int keyval);
/* MPI_Comm_create_errhandler, MPI_Comm_set_errhandler, MPI_Comm_get_errhandler */
TESSERA_API int MPI_Errhandler_create(MPI_Handler_function *function, MPI_Errhandler *errhandler);
TESSERA_API int PMPI_Errhandler_create(MPI_Handler_function *function, MPI_Errhandler *errhandler);
TESSERA_API int MPI_Errhandler_set(MPI_Comm comm, MPI_Errhandler errhandler);
TESSERA_API int PMPI_Errhandler_set(MPI_Comm comm, MPI_Errhandler errhandler);
TESSERA_API int MPI_Errhandler_get(MPI_Comm comm, MPI_Errhandler *errhandler);
TESSERA_API int PMPI_Errhandler_get(MPI_Comm comm, MPI_Errhandler *errhandler);

#if defined(__cplusplus)
}
#endif

#endif /* TESSERA_MPI_H */

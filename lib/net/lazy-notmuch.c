/* lazy-notmuch.c - the libnotmuch functions quill calls, forwarded to
 * libnotmuch mapped on first use (lazy.h).  Each has notmuch.h's
 * prototype; a function added to a caller must be added here, or the link
 * fails. */
#include "net/lazy.h"

#include <notmuch.h>

#define N lazy_notmuch_lib
#define FAILED NOTMUCH_STATUS_FILE_ERROR

LAZY_FORWARD(N, notmuch_status_t, notmuch_database_open_with_config,
	     (const char *path, notmuch_database_mode_t mode, const char *config_path,
	      const char *profile, notmuch_database_t **db, char **error_message),
	     (path, mode, config_path, profile, db, error_message), FAILED)
LAZY_FORWARD(N, notmuch_status_t, notmuch_database_destroy, (notmuch_database_t *db), (db),
	     FAILED)
LAZY_FORWARD(N, notmuch_status_t, notmuch_database_find_message,
	     (notmuch_database_t *db, const char *id, notmuch_message_t **m), (db, id, m), FAILED)
LAZY_FORWARD(N, const char *, notmuch_status_to_string, (notmuch_status_t st), (st),
	     "libnotmuch is not loaded")
LAZY_FORWARD(N, notmuch_query_t *, notmuch_query_create,
	     (notmuch_database_t *db, const char *query), (db, query), NULL)
LAZY_FORWARD_VOID(N, notmuch_query_set_sort, (notmuch_query_t *q, notmuch_sort_t sort),
		  (q, sort))
LAZY_FORWARD(N, notmuch_status_t, notmuch_query_search_messages,
	     (notmuch_query_t *q, notmuch_messages_t **out), (q, out), FAILED)
LAZY_FORWARD_VOID(N, notmuch_query_destroy, (notmuch_query_t *q), (q))
LAZY_FORWARD(N, notmuch_bool_t, notmuch_messages_valid, (notmuch_messages_t *ms), (ms), FALSE)
LAZY_FORWARD(N, notmuch_message_t *, notmuch_messages_get, (notmuch_messages_t *ms), (ms),
	     NULL)
LAZY_FORWARD_VOID(N, notmuch_messages_move_to_next, (notmuch_messages_t *ms), (ms))
LAZY_FORWARD(N, const char *, notmuch_message_get_message_id, (notmuch_message_t *m), (m),
	     NULL)
LAZY_FORWARD(N, const char *, notmuch_message_get_thread_id, (notmuch_message_t *m), (m),
	     NULL)
LAZY_FORWARD(N, notmuch_filenames_t *, notmuch_message_get_filenames, (notmuch_message_t *m),
	     (m), NULL)
LAZY_FORWARD_VOID(N, notmuch_message_destroy, (notmuch_message_t *m), (m))
LAZY_FORWARD(N, notmuch_bool_t, notmuch_filenames_valid, (notmuch_filenames_t *f), (f), FALSE)
LAZY_FORWARD(N, const char *, notmuch_filenames_get, (notmuch_filenames_t *f), (f), NULL)
LAZY_FORWARD_VOID(N, notmuch_filenames_move_to_next, (notmuch_filenames_t *f), (f))
LAZY_FORWARD_VOID(N, notmuch_filenames_destroy, (notmuch_filenames_t *f), (f))

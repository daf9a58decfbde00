/* writer.c - files written by threads: a bounded queue under one lock. */
#include "core/writer.h"
#include "core/file.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#define MAX_THREADS 4
#define PENDING 64	/* files put and not yet taken by a thread */

struct job {
	guint seq;		/* the order it was put in */
	char *path, *data;
	gsize len;
};

struct file_writer {
	GMutex lock;
	GCond room, work;	/* a job was taken / put (or the end) */
	GQueue jobs;		/* struct job*, waiting */
	gboolean closing;	/* file_writer_finish: no more jobs come */
	guint seq;		/* jobs put */
	GError *failed;		/* the earliest failure, by seq */
	guint failed_seq;
	guint idle;		/* threads waiting for work */
	gboolean waiting;	/* the caller waits for room */
	gboolean new_ok;	/* one thread: file_write_new's hint */
	GThread *thread[MAX_THREADS];
	guint nthreads;
	int dirfd;		/* the directory, open (-1: none given) */
	char *dir;		/* its path, "dir/" */
	gsize dir_len;
};

static void job_free(struct job *j)
{
	g_free(j->path);
	g_free(j->data);
	g_free(j);
}

/* Keep e as the failure when it is the earliest so far (w->lock held). */
static void note_failure(struct file_writer *w, guint seq, GError *e)
{
	if (!w->failed || seq < w->failed_seq) {
		g_clear_error(&w->failed);
		w->failed = e;
		w->failed_seq = seq;
	} else {
		g_error_free(e);
	}
}

/* path written: relative to the open directory when it is in it */
static gboolean write_one(const struct file_writer *w, const char *path, const char *data,
			  gsize len, gboolean *new_ok, GError **error)
{
	if (w->dir && !strncmp(path, w->dir, w->dir_len) && !strchr(path + w->dir_len, '/'))
		return file_write_new_at(w->dirfd, path + w->dir_len, path, data, (gssize)len,
					 new_ok, error);
	return file_write_new(path, data, (gssize)len, new_ok, error);
}

static gpointer writing(gpointer data)
{
	struct file_writer *w = data;
	gboolean new_ok = TRUE;	/* this thread's: file_write_new */

	g_mutex_lock(&w->lock);
	for (;;) {
		struct job *j;
		GError *e = NULL;

		/* each signal is a system call (GLib's GCond): made only
		 * when someone waits (a tenth of the caller's time else) */
		while (!(j = g_queue_pop_head(&w->jobs)) && !w->closing) {
			w->idle++;
			g_cond_wait(&w->work, &w->lock);
			w->idle--;
		}
		if (!j)
			break;
		if (w->waiting)
			g_cond_signal(&w->room);
		if (w->failed && j->seq > w->failed_seq) {	/* after a failure: dropped */
			job_free(j);
			continue;
		}
		g_mutex_unlock(&w->lock);
		gboolean ok = write_one(w, j->path, j->data, j->len, &new_ok, &e);
		g_mutex_lock(&w->lock);
		if (!ok) {
			note_failure(w, j->seq, e);
			g_cond_broadcast(&w->room);	/* a caller waiting for room stops */
		}
		job_free(j);
	}
	g_mutex_unlock(&w->lock);
	return NULL;
}

struct file_writer *file_writer_new(const char *dir, guint threads)
{
	struct file_writer *w = g_new0(struct file_writer, 1);
	guint procs = g_get_num_processors();

	if (!threads)
		threads = MIN(procs, MAX_THREADS);
	if (procs < 2)
		threads = 1;
	threads = MIN(threads, MAX_THREADS);
	g_mutex_init(&w->lock);
	g_cond_init(&w->room);
	g_cond_init(&w->work);
	g_queue_init(&w->jobs);
	w->new_ok = TRUE;
	w->dirfd = dir ? open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC) : -1;
	if (w->dirfd >= 0) {
		w->dir = g_strconcat(dir, "/", NULL);
		w->dir_len = strlen(w->dir);
	}
	for (guint i = 0; threads > 1 && i < threads; i++)
		w->thread[w->nthreads++] = g_thread_new("file-writer", writing, w);
	return w;
}

gboolean file_writer_put(struct file_writer *w, char *path, char *data, gsize len,
			 GError **error)
{
	struct job *j;
	gboolean ok;

	if (!w->nthreads) {	/* one thread: written here */
		GError *e = NULL;

		if (w->failed) {
			g_free(path);
			g_free(data);
			g_propagate_error(error, g_error_copy(w->failed));
			return FALSE;
		}
		ok = write_one(w, path, data, len, &w->new_ok, &e);
		if (!ok) {
			w->failed = g_error_copy(e);
			g_propagate_error(error, e);
		}
		g_free(path);
		g_free(data);
		return ok;
	}
	j = g_new(struct job, 1);
	j->path = path;
	j->data = data;
	j->len = len;
	g_mutex_lock(&w->lock);
	while (!w->failed && w->jobs.length >= PENDING) {
		w->waiting = TRUE;
		g_cond_wait(&w->room, &w->lock);
		w->waiting = FALSE;
	}
	ok = !w->failed;
	if (ok) {
		j->seq = w->seq++;
		g_queue_push_tail(&w->jobs, j);
		if (w->idle)
			g_cond_signal(&w->work);
	} else {
		g_propagate_error(error, g_error_copy(w->failed));
	}
	g_mutex_unlock(&w->lock);
	if (!ok)
		job_free(j);
	return ok;
}

gboolean file_writer_finish(struct file_writer *w, GError **error)
{
	gboolean ok;

	g_mutex_lock(&w->lock);
	w->closing = TRUE;
	g_cond_broadcast(&w->work);
	g_mutex_unlock(&w->lock);
	for (guint i = 0; i < w->nthreads; i++)
		g_thread_join(w->thread[i]);
	ok = !w->failed;
	if (!ok)
		g_propagate_error(error, g_steal_pointer(&w->failed));
	g_queue_clear_full(&w->jobs, (GDestroyNotify)job_free);
	g_cond_clear(&w->room);
	g_cond_clear(&w->work);
	g_mutex_clear(&w->lock);
	if (w->dirfd >= 0)
		close(w->dirfd);
	g_free(w->dir);
	g_free(w);
	return ok;
}

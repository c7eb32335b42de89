/* The C twin of Klondike Rush's ``building._settle`` (the cost of connecting each
space to a company's mines: ``skagway_env/games/klondike_rush/building.py``).

Every mine built brings the costs of the companies asked about since up to date by
settling from the new mines, a bucket a dollar amount, and in a random playout that
loop was a fifteenth of the IS-MCTS bench's time (issue 21). This is the same loop:
the same buckets in the same order, the same relaxations, the same costs written back
into ``dist`` (only the entries that got cheaper). ``near`` (the board's neighbours:
a tuple a space of ``(space, cost)`` pairs) is read once and kept while the same
object comes back. ``tests/klondike_rush/test_compiled_paths.py`` settles the costs of
games walked by the styles both ways and compares them. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "seq.h"

static PyObject *kept_near = NULL;  /* the neighbours read last, and them as arrays: */
static Py_ssize_t kept_spaces = 0;
static long *first = NULL;  /* space x's pairs are pairs[first[x] .. first[x + 1]) */
static long *to = NULL;
static long *cost = NULL;

static int read_near(PyObject *near) {
    if (near == kept_near) return 0;
    PyObject **rows;
    Py_ssize_t n;
    if (items_of(near, &rows, &n) < 0) return -1;
    Py_ssize_t total = 0;
    for (Py_ssize_t x = 0; x < n; x++) {
        PyObject **pairs;
        Py_ssize_t m;
        if (items_of(rows[x], &pairs, &m) < 0) return -1;
        total += m;
    }
    long *f = PyMem_Malloc(sizeof(long) * (n + 1));
    long *t = PyMem_Malloc(sizeof(long) * (total ? total : 1));
    long *c = PyMem_Malloc(sizeof(long) * (total ? total : 1));
    if (f == NULL || t == NULL || c == NULL) {
        PyMem_Free(f);
        PyMem_Free(t);
        PyMem_Free(c);
        PyErr_NoMemory();
        return -1;
    }
    Py_ssize_t k = 0;
    for (Py_ssize_t x = 0; x < n; x++) {
        PyObject **pairs;
        Py_ssize_t m;
        f[x] = (long)k;
        items_of(rows[x], &pairs, &m);
        for (Py_ssize_t j = 0; j < m; j++, k++) {
            PyObject **yc;
            Py_ssize_t two;
            if (items_of(pairs[j], &yc, &two) < 0 || (two != 2 && bad_length(two, 2, 2) < 0)
                || as_long(yc[0], &t[k]) < 0 || as_long(yc[1], &c[k]) < 0) {
                PyMem_Free(f);
                PyMem_Free(t);
                PyMem_Free(c);
                return -1;
            }
            if (t[k] < 0 || t[k] >= n) {
                PyMem_Free(f);
                PyMem_Free(t);
                PyMem_Free(c);
                PyErr_Format(PyExc_ValueError, "a neighbour %ld of space %zd is off the board",
                             t[k], x);
                return -1;
            }
        }
    }
    f[n] = (long)k;
    PyMem_Free(first);
    PyMem_Free(to);
    PyMem_Free(cost);
    first = f;
    to = t;
    cost = c;
    kept_spaces = n;
    Py_XDECREF(kept_near);
    Py_INCREF(near);
    kept_near = near;
    return 0;
}

/* settle(dist, seeds, mines, near, empty, reduced, unreachable) */
static PyObject *settle(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 7) {
        PyErr_SetString(PyExc_TypeError,
                        "settle(dist, seeds, mines, near, empty, reduced, unreachable)");
        return NULL;
    }
    PyObject *dist_list = args[0];
    if (!PyList_Check(dist_list)) {
        PyErr_SetString(PyExc_TypeError, "dist must be a list");
        return NULL;
    }
    long empty, reduced, unreachable;
    if (read_near(args[3]) < 0 || as_long(args[4], &empty) < 0 || as_long(args[5], &reduced) < 0
        || as_long(args[6], &unreachable) < 0)
        return NULL;
    Py_ssize_t n = kept_spaces;
    PyObject **seed_items, **mine_items;
    Py_ssize_t seeds, spaces;
    if (PyList_GET_SIZE(dist_list) != n) {
        bad_length(PyList_GET_SIZE(dist_list), n, n);
        return NULL;
    }
    if (items_of(args[1], &seed_items, &seeds) < 0 || items_of(args[2], &mine_items, &spaces) < 0)
        return NULL;
    if (spaces != n) {
        bad_length(spaces, n, n);
        return NULL;
    }
    long *d = PyMem_Malloc(sizeof(long) * n);
    char *mined = PyMem_Malloc(n ? n : 1);
    char *changed = PyMem_Malloc(n ? n : 1);
    /* the queue: entries (space) by bucket, as linked lists in arrival order */
    Py_ssize_t cap = n * 8 + seeds + 16, used = 0, nb = 0, bcap = 64;
    long *entry = PyMem_Malloc(sizeof(long) * cap), *next = PyMem_Malloc(sizeof(long) * cap);
    long *head = PyMem_Malloc(sizeof(long) * bcap), *tail = PyMem_Malloc(sizeof(long) * bcap);
    PyObject *result = NULL;
    if (d == NULL || mined == NULL || changed == NULL || entry == NULL || next == NULL
        || head == NULL || tail == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    PyObject **dist_items = ((PyListObject *)dist_list)->ob_item;
    for (Py_ssize_t x = 0; x < n; x++) {
        long m;
        if (as_long(dist_items[x], &d[x]) < 0 || as_long(mine_items[x], &m) < 0) goto done;
        mined[x] = m != empty;
        changed[x] = 0;
    }
#define PUSH(space, bucket)                                                              \
    do {                                                                                 \
        long b_ = (bucket);                                                              \
        if (used == cap) {                                                               \
            cap *= 2;                                                                    \
            long *e_ = PyMem_Realloc(entry, sizeof(long) * cap);                         \
            if (e_ == NULL) { PyErr_NoMemory(); goto done; }                             \
            entry = e_;                                                                  \
            long *n_ = PyMem_Realloc(next, sizeof(long) * cap);                          \
            if (n_ == NULL) { PyErr_NoMemory(); goto done; }                             \
            next = n_;                                                                   \
        }                                                                                \
        while (nb <= b_) {                                                               \
            if (nb == bcap) {                                                            \
                bcap *= 2;                                                               \
                long *h_ = PyMem_Realloc(head, sizeof(long) * bcap);                     \
                if (h_ == NULL) { PyErr_NoMemory(); goto done; }                         \
                head = h_;                                                               \
                long *t_ = PyMem_Realloc(tail, sizeof(long) * bcap);                     \
                if (t_ == NULL) { PyErr_NoMemory(); goto done; }                         \
                tail = t_;                                                               \
            }                                                                            \
            head[nb] = tail[nb] = -1;                                                    \
            nb++;                                                                        \
        }                                                                                \
        entry[used] = (space);                                                           \
        next[used] = -1;                                                                 \
        if (tail[b_] < 0) head[b_] = (long)used; else next[tail[b_]] = (long)used;       \
        tail[b_] = (long)used;                                                           \
        used++;                                                                          \
    } while (0)
    for (Py_ssize_t i = 0; i < seeds; i++) {
        long x;
        if (as_long(seed_items[i], &x) < 0) goto done;
        if (x < 0 || x >= n) {
            PyErr_Format(PyExc_ValueError, "a seed %ld is off the board", x);
            goto done;
        }
        if (d[x] < unreachable) {
            if (d[x] < 0) {
                PyErr_Format(PyExc_ValueError, "a negative cost %ld", d[x]);
                goto done;
            }
            PUSH(x, d[x]);
        }
    }
    for (long level = 0; level < nb; level++) {
        for (long at = head[level]; at >= 0; at = next[at]) {
            long x = entry[at];
            if (d[x] != level) continue;  /* settled cheaper since it was queued here */
            for (long k = first[x]; k < first[x + 1]; k++) {
                long y = to[k];
                long nd = level + (mined[x] && mined[y] ? reduced : cost[k]);
                if (nd < d[y]) {
                    d[y] = nd;
                    changed[y] = 1;
                    PUSH(y, nd);
                }
            }
        }
    }
#undef PUSH
    for (Py_ssize_t x = 0; x < n; x++) {
        if (changed[x]) {
            PyObject *v = PyLong_FromLong(d[x]);
            if (v == NULL) goto done;
            PyList_SetItem(dist_list, x, v);  /* steals v, drops the old int */
        }
    }
    result = Py_None;
    Py_INCREF(result);
done:
    PyMem_Free(d);
    PyMem_Free(mined);
    PyMem_Free(changed);
    PyMem_Free(entry);
    PyMem_Free(next);
    PyMem_Free(head);
    PyMem_Free(tail);
    return result;
}

static PyMethodDef methods[] = {
    {"settle", (PyCFunction)(void (*)(void))settle, METH_FASTCALL,
     "settle(dist, seeds, mines, near, empty, reduced, unreachable): building._settle in "
     "place, with its constants."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_kr_paths",
    "Klondike Rush's connection costs settled from new mines (building._settle), in C.",
    -1, methods,
};

PyMODINIT_FUNC PyInit__kr_paths(void) {
    return PyModule_Create(&module);
}

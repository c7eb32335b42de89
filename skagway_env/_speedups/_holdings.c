/* The C twins of ``HoldingsFilter._draw``'s loop and of ``sample``'s walk back
(``skagway_env/core/hidden.py``).

A Skagway view of a fresh position builds every seat's Gold filter from scratch, and
that filter is mostly hidden draws over thousands of arrangements: the Python loop was
two thirds of a first view and a tenth of the IS-MCTS bench (issue 21). This walks the
same arrangements in the same order and makes the same children and parent lists, in
the same insertion order, and the same weights (the same double products, summed in
the same order); the caller normalises them as before (``HoldingsFilter._step``). The walk back (two samples
a Skagway view, a third of a view once the filters are cached) draws the same parents
with the same draws. ``tests/test_hidden.py`` builds the filters of Skagway games with
these and with the Python loops and compares them item by item, and their samples. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define MAX_KINDS 64

static int small_int(PyObject *v, long *out) {
    long x = PyLong_AsLong(v);  /* configurations hold small ints */
    if (x == -1 && PyErr_Occurred()) return -1;
    *out = x;
    return 0;
}

/* The child of ``config`` with one more at ``index`` (a new tuple). */
static PyObject *bumped(PyObject *config, Py_ssize_t index, long value) {
    Py_ssize_t n = PyTuple_GET_SIZE(config);
    PyObject *child = PyTuple_New(n);
    if (child == NULL) return NULL;
    for (Py_ssize_t j = 0; j < n; j++) {
        PyObject *item;
        if (j == index) {
            item = PyLong_FromLong(value + 1);
            if (item == NULL) {
                Py_DECREF(child);
                return NULL;
            }
        } else {
            item = PyTuple_GET_ITEM(config, j);
            Py_INCREF(item);
        }
        PyTuple_SET_ITEM(child, j, item);
    }
    return child;
}

#if PY_VERSION_HEX < 0x030D0000
/* A child's hash is computed once (a tuple does not keep it): a look-up and an insert. */
#define GET_KNOWN(d, k, h) _PyDict_GetItem_KnownHash((d), (k), (h))
#define SET_KNOWN(d, k, v, h) _PyDict_SetItem_KnownHash((d), (k), (v), (h))
#else
#define GET_KNOWN(d, k, h) PyDict_GetItemWithError((d), (k))
#define SET_KNOWN(d, k, v, h) PyDict_SetItem((d), (k), (v))
#endif

/* parents[child].append((config, x, kind)), or parents[child] = [(config, x, kind)]. */
static int add_parent(PyObject *parents, PyObject *child, PyObject *config, double x,
                      PyObject *kind) {
    Py_hash_t hash = PyObject_Hash(child);
    if (hash == -1) return -1;
    PyObject *found = GET_KNOWN(parents, child, hash);  /* borrowed */
    if (found == NULL && PyErr_Occurred()) return -1;
    PyObject *xo = PyFloat_FromDouble(x);
    if (xo == NULL) return -1;
    PyObject *entry = PyTuple_Pack(3, config, xo, kind);
    Py_DECREF(xo);
    if (entry == NULL) return -1;
    int rc = -1;
    if (found != NULL) {
        rc = PyList_Append(found, entry);
    } else {
        PyObject *list = PyList_New(1);
        if (list != NULL) {
            Py_INCREF(entry);
            PyList_SET_ITEM(list, 0, entry);
            rc = SET_KNOWN(parents, child, list, hash);
            Py_DECREF(list);
        }
    }
    Py_DECREF(entry);
    return rc;
}

/* weights[child]: its parents' weights summed in their order (the left fold of
``weights[child] = x`` then ``weights[child] += x``). */
static PyObject *summed(PyObject *parents) {
    PyObject *weights = PyDict_New();
    if (weights == NULL) return NULL;
    Py_ssize_t pos = 0;
    PyObject *child, *list;
    while (PyDict_Next(parents, &pos, &child, &list)) {
        Py_ssize_t m = PyList_GET_SIZE(list);
        double total = PyFloat_AS_DOUBLE(PyTuple_GET_ITEM(PyList_GET_ITEM(list, 0), 1));
        for (Py_ssize_t j = 1; j < m; j++)
            total += PyFloat_AS_DOUBLE(PyTuple_GET_ITEM(PyList_GET_ITEM(list, j), 1));
        PyObject *w = PyFloat_FromDouble(total);
        if (w == NULL || PyDict_SetItem(weights, child, w)) {
            Py_XDECREF(w);
            Py_DECREF(weights);
            return NULL;
        }
        Py_DECREF(w);
    }
    return weights;
}

static PyObject *draw(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "draw(weights, unseen, kinds, holders, holder)");
        return NULL;
    }
    PyObject *source = args[0], *unseen = args[1];
    long kinds, holders, holder;
    if (small_int(args[2], &kinds) || small_int(args[3], &holders)
        || small_int(args[4], &holder))
        return NULL;
    if (!PyDict_Check(source) || !PyTuple_Check(unseen) || kinds <= 0 || kinds > MAX_KINDS
        || PyTuple_GET_SIZE(unseen) != kinds || holder < 0 || holder >= holders) {
        PyErr_SetString(PyExc_ValueError, "draw: a dict of configurations, unseen by kind");
        return NULL;
    }
    long unseen_of[MAX_KINDS], pool[MAX_KINDS];
    PyObject *kind_of[MAX_KINDS] = {NULL};
    PyObject *weights = NULL, *parents = PyDict_New(), *result = NULL;
    if (parents == NULL) goto done;
    for (long j = 0; j < kinds; j++) {
        if (small_int(PyTuple_GET_ITEM(unseen, j), &unseen_of[j])) goto done;
        if ((kind_of[j] = PyLong_FromLong(j)) == NULL) goto done;
    }
    Py_ssize_t base = (Py_ssize_t)kinds * holders, offset = (Py_ssize_t)holder * kinds;
    Py_ssize_t pos = 0;
    PyObject *config, *w_obj;
    while (PyDict_Next(source, &pos, &config, &w_obj)) {
        if (!PyTuple_Check(config) || PyTuple_GET_SIZE(config) < base) {
            PyErr_SetString(PyExc_ValueError, "draw: a configuration too short");
            goto done;
        }
        double w = PyFloat_AsDouble(w_obj);
        if (w == -1.0 && PyErr_Occurred()) goto done;
        Py_ssize_t n = PyTuple_GET_SIZE(config);
        for (long j = 0; j < kinds; j++) pool[j] = unseen_of[j];  /* _pool */
        for (Py_ssize_t j = 0; j < base; j++) {
            long held;
            if (small_int(PyTuple_GET_ITEM(config, j), &held)) goto done;
            pool[j % kinds] -= held;
        }
        for (Py_ssize_t j = base; j < n; j++) {  /* the pile */
            long kind;
            if (small_int(PyTuple_GET_ITEM(config, j), &kind)) goto done;
            if (kind < 0 || kind >= kinds) {
                PyErr_SetString(PyExc_IndexError, "draw: a pile item of no kind");
                goto done;
            }
            pool[kind] -= 1;
        }
        for (long kind = 0; kind < kinds; kind++) {
            long left = pool[kind];
            if (left <= 0) continue;
            Py_ssize_t i = offset + kind;
            long held;
            if (small_int(PyTuple_GET_ITEM(config, i), &held)) goto done;
            PyObject *child = bumped(config, i, held);
            if (child == NULL) goto done;
            int rc = add_parent(parents, child, config, w * (double)left, kind_of[kind]);
            Py_DECREF(child);
            if (rc) goto done;
        }
    }
    weights = summed(parents);
    if (weights != NULL) result = PyTuple_Pack(2, weights, parents);
done:
    for (long j = 0; j < kinds && j < MAX_KINDS; j++) Py_XDECREF(kind_of[j]);
    Py_XDECREF(weights);
    Py_XDECREF(parents);
    return result;
}

/* ``HoldingsFilter.sample``'s walk back through the steps: at each, the parent of the
configuration drawn with draw r (the first whose running weight exceeds r times their
total, ``bisect_right``); the kind moved at each tagged step, by tag. ``parents`` and
``tags`` are the steps' in reverse play order. */
static PyObject *walk(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4 || !PyTuple_Check(args[0]) || !PyTuple_Check(args[1])
        || !PyList_Check(args[2])
        || PyTuple_GET_SIZE(args[0]) != PyTuple_GET_SIZE(args[1])
        || PyList_GET_SIZE(args[2]) < PyTuple_GET_SIZE(args[0])) {
        PyErr_SetString(PyExc_TypeError, "walk(parents, tags, draws, config)");
        return NULL;
    }
    PyObject *steps = args[0], *tags = args[1], *draws = args[2], *config = args[3];
    PyObject *kinds = PyDict_New();
    if (kinds == NULL) return NULL;
    double *running = NULL;
    Py_ssize_t room = 0;
    Py_INCREF(config);
    for (Py_ssize_t t = 0; t < PyTuple_GET_SIZE(steps); t++) {
        PyObject *parents = PyTuple_GET_ITEM(steps, t);
        PyObject *options = PyDict_Check(parents) ? PyDict_GetItemWithError(parents, config)
                                                  : NULL;
        if (options == NULL || !PyList_Check(options) || PyList_GET_SIZE(options) == 0) {
            if (!PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, config);
            goto fail;
        }
        Py_ssize_t m = PyList_GET_SIZE(options), pick = 0;
        if (m > 1) {
            if (m > room) {
                double *more = PyMem_Realloc(running, (size_t)m * sizeof(double));
                if (more == NULL) {
                    PyErr_NoMemory();
                    goto fail;
                }
                running = more, room = m;
            }
            double total = 0.0;
            for (Py_ssize_t j = 0; j < m; j++) {  /* accumulate: the same left fold */
                double x = PyFloat_AsDouble(PyTuple_GET_ITEM(PyList_GET_ITEM(options, j), 1));
                if (x == -1.0 && PyErr_Occurred()) goto fail;
                total = j == 0 ? x : total + x;
                running[j] = total;
            }
            double r = PyFloat_AsDouble(PyList_GET_ITEM(draws, t));
            if (r == -1.0 && PyErr_Occurred()) goto fail;
            double at = r * total;
            Py_ssize_t lo = 0, hi = m;  /* bisect_right(running, at) */
            while (lo < hi) {
                Py_ssize_t mid = (lo + hi) / 2;
                if (at < running[mid]) hi = mid;
                else lo = mid + 1;
            }
            if (lo >= m) {
                PyErr_SetString(PyExc_IndexError, "list index out of range");
                goto fail;
            }
            pick = lo;
        }
        PyObject *option = PyList_GET_ITEM(options, pick);
        PyObject *parent = PyTuple_GET_ITEM(option, 0), *tag = PyTuple_GET_ITEM(tags, t);
        if (tag != Py_None && PyDict_SetItem(kinds, tag, PyTuple_GET_ITEM(option, 2)))
            goto fail;
        Py_INCREF(parent);
        Py_SETREF(config, parent);
    }
    PyMem_Free(running);
    Py_DECREF(config);
    return kinds;
fail:
    PyMem_Free(running);
    Py_DECREF(config);
    Py_DECREF(kinds);
    return NULL;
}

static PyMethodDef methods[] = {
    {"draw", (PyCFunction)(void (*)(void))draw, METH_FASTCALL,
     "draw(weights, unseen, kinds, holders, holder): (weights, parents) unnormalised "
     "after hidden ``holder`` draws one item from the pool (HoldingsFilter._draw)."},
    {"walk", (PyCFunction)(void (*)(void))walk, METH_FASTCALL,
     "walk(parents, tags, draws, config): tag -> kind moved, drawn backwards from "
     "config through the steps (reverse play order; HoldingsFilter.sample)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_holdings",
    "HoldingsFilter._draw's loop over the arrangements and sample's walk back, in C.",
    -1, methods,
};

PyMODINIT_FUNC PyInit__holdings(void) {
    return PyModule_Create(&module);
}

/* Helpers shared by the C twins of the observation encoders (see __init__.py).

Included by a twin after it declares, as file statics, ``names`` (its attribute names as
interned str objects, indexed by its A_* enum), ``np_empty`` and ``np_float32`` (numpy's
``empty`` and ``float32``, set by its ``init``). Every function returns -1 (or NULL) with
a Python exception set on failure. Borrowed items are valid only while no Python code
runs. */

#ifndef SKAGWAY_TWIN_H
#define SKAGWAY_TWIN_H

#include <string.h>

#include "seq.h"  /* as_long, items_of, bad_length */

/* A list or tuple of low..high ints as C longs; *len gets its length. */
static int longs_of(PyObject *seq, long *dst, Py_ssize_t low, Py_ssize_t high, Py_ssize_t *len) {
    PyObject **it;
    Py_ssize_t m;
    if (items_of(seq, &it, &m) < 0) return -1;
    if (m < low || m > high) return bad_length(m, low, high);
    for (Py_ssize_t i = 0; i < m; i++)
        if (as_long(it[i], &dst[i]) < 0) return -1;
    if (len) *len = m;
    return 0;
}

static long rel(long q, long player, long n) {  /* Python's (q - player) % n */
    long r = (q - player) % n;
    return r < 0 ? r + n : r;
}

/* A fresh float32 array of `size` zeros, and its data. */
static PyObject *new_tensor(Py_ssize_t size, float **data) {
    PyObject *length = PyLong_FromSsize_t(size);
    if (length == NULL) return NULL;
    PyObject *args[2] = {length, np_float32};
    PyObject *arr = PyObject_Vectorcall(np_empty, args, 2, NULL);
    Py_DECREF(length);
    if (arr == NULL) return NULL;
    Py_buffer view;
    if (PyObject_GetBuffer(arr, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        Py_DECREF(arr);
        return NULL;
    }
    int ok = view.itemsize == 4 && view.len == size * 4 && view.format && strcmp(view.format, "f") == 0;
    *data = (float *)view.buf;
    PyBuffer_Release(&view);  /* the array keeps its memory: it is ours alone */
    if (!ok) {
        Py_DECREF(arr);
        PyErr_SetString(PyExc_TypeError, "numpy.empty gave no float32 buffer of that size");
        return NULL;
    }
    memset(*data, 0, (size_t)size * 4);
    return arr;
}

static int attr_long(PyObject *o, int name, long *out) {
    PyObject *v = PyObject_GetAttr(o, names[name]);
    if (v == NULL) return -1;
    int r = as_long(v, out);
    Py_DECREF(v);
    return r;
}

/* init's numpy pieces: ``empty`` (callable) and ``float32``, kept for new_tensor. */
static int keep_numpy(PyObject *empty, PyObject *f32) {
    if (!PyCallable_Check(empty)) {
        PyErr_SetString(PyExc_TypeError, "empty must be a callable");
        return -1;
    }
    Py_INCREF(empty);
    Py_XSETREF(np_empty, empty);
    Py_INCREF(f32);
    Py_XSETREF(np_float32, f32);
    return 0;
}

/* The module's attribute names as interned str objects (at import). */
static int intern_names(const char *const *text, PyObject **out, int n) {
    for (int i = 0; i < n; i++)
        if ((out[i] = PyUnicode_InternFromString(text[i])) == NULL) return -1;
    return 0;
}

#endif

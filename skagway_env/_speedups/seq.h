/* Reading Python ints, lists and tuples from C: the helpers every twin shares (see
__init__.py). Each returns -1 with a Python exception set on failure. Borrowed items
are valid only while no Python code runs. */

#ifndef SKAGWAY_SEQ_H
#define SKAGWAY_SEQ_H

static inline int as_long(PyObject *v, long *out) {
    /* the ints the rules make are small: read them without a call */
#if PY_VERSION_HEX >= 0x030C0000
    if (PyLong_CheckExact(v) && PyUnstable_Long_IsCompact((PyLongObject *)v)) {
        *out = (long)PyUnstable_Long_CompactValue((PyLongObject *)v);
        return 0;
    }
#else
    if (PyLong_CheckExact(v) && Py_SIZE(v) >= -1 && Py_SIZE(v) <= 1) {  /* one digit */
        *out = (long)Py_SIZE(v) * (long)((PyLongObject *)v)->ob_digit[0];
        return 0;
    }
#endif
    long x = PyLong_AsLong(v);  /* ints, bools, anything with __index__; floats raise */
    if (x == -1 && PyErr_Occurred()) return -1;
    *out = x;
    return 0;
}

/* The items of a list or tuple: borrowed, valid while no Python code runs. */
static int items_of(PyObject *seq, PyObject ***items, Py_ssize_t *len) {
    if (PyList_Check(seq)) {
        *items = ((PyListObject *)seq)->ob_item;
        *len = PyList_GET_SIZE(seq);
        return 0;
    }
    if (PyTuple_Check(seq)) {
        *items = ((PyTupleObject *)seq)->ob_item;
        *len = PyTuple_GET_SIZE(seq);
        return 0;
    }
    PyErr_Format(PyExc_TypeError, "expected a list or tuple, got %.100s", Py_TYPE(seq)->tp_name);
    return -1;
}

static int bad_length(Py_ssize_t got, Py_ssize_t low, Py_ssize_t high) {
    PyErr_Format(PyExc_ValueError, "a list of %zd items where %zd..%zd were expected",
                 got, low, high);
    return -1;
}

#endif

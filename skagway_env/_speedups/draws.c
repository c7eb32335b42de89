/* Draws from a numpy Generator's bit generator, the same as the Generator's own.
 *
 * A search's playout asks its numpy.random.Generator for one bounded integer a move
 * (``rng.integers(n)``) and one float a chance node (``rng.random()``); through numpy's
 * Python-level dispatch each costs a microsecond or more, as much as a whole engine
 * step of the simplest games (issue 21). These twins call the bit generator's own
 * function pointers (``rng.bit_generator.capsule``, numpy's documented C interface,
 * ``bitgen_t``) with numpy's own algorithms. They take the bit generator itself, not
 * its capsule, so that whoever holds them keeps it alive. They return exactly what the
 * Generator methods would and leave the bit generator in exactly the same state:
 *
 * - ``below(bit_generator, n)`` is ``Generator.integers(n)`` for 1 <= n <= 2**32 - 1: numpy's
 *   ``random_bounded_uint64_fill`` with one value (rng = n - 1 == 0 draws nothing;
 *   otherwise Lemire's rejection on 32-bit draws, ``buffered_bounded_lemire_uint32``);
 * - ``uniform(bit_generator)`` is ``Generator.random()``: ``next_double``;
 * - ``pick(outcomes, r)`` is the chance outcome a uniform draw ``r`` selects from a
 *   list of (outcome, probability) pairs: the first whose running sum of
 *   probabilities (summed in order, in doubles, as Python's ``acc += prob`` does)
 *   exceeds ``r``, else the last (the sum fell short by rounding).
 *
 * They skip the Generator's lock: a search draws from its own generator in one thread.
 * ``tests/test_speedups_draws.py`` checks both against numpy, draw for draw.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

/* numpy/random/bitgen.h, the layout numpy documents for its C API */
typedef struct bitgen {
    void *state;
    uint64_t (*next_uint64)(void *st);
    uint32_t (*next_uint32)(void *st);
    double (*next_double)(void *st);
    uint64_t (*next_raw)(void *st);
} bitgen_t;

static PyObject *capsule_name;

/* the bitgen_t of a numpy BitGenerator (its ``capsule`` attribute), or NULL and an error */
static bitgen_t *get_bitgen(PyObject *bit_generator) {
    PyObject *capsule = PyObject_GetAttr(bit_generator, capsule_name);
    if (capsule == NULL) return NULL;
    bitgen_t *bitgen = (bitgen_t *)PyCapsule_GetPointer(capsule, "BitGenerator");
    Py_DECREF(capsule);  /* the bit generator keeps its capsule */
    return bitgen;
}

static PyObject *below(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "below(bit_generator, n)");
        return NULL;
    }
    bitgen_t *bitgen = get_bitgen(args[0]);
    if (bitgen == NULL) return NULL;
    long long n = PyLong_AsLongLong(args[1]);
    if (n == -1 && PyErr_Occurred()) return NULL;
    if (n < 1 || n > 0xFFFFFFFFLL) {
        PyErr_SetString(PyExc_ValueError, "below: n must be 1 .. 2**32 - 1");
        return NULL;
    }
    uint32_t rng = (uint32_t)(n - 1);
    if (rng == 0) return PyLong_FromLong(0);
    /* buffered_bounded_lemire_uint32 (numpy/random/src/distributions/distributions.c) */
    const uint32_t rng_excl = rng + 1;
    uint64_t m = ((uint64_t)bitgen->next_uint32(bitgen->state)) * rng_excl;
    uint32_t leftover = (uint32_t)(m & 0xFFFFFFFFUL);
    if (leftover < rng_excl) {
        const uint32_t threshold = (UINT32_MAX - rng) % rng_excl;
        while (leftover < threshold) {
            m = ((uint64_t)bitgen->next_uint32(bitgen->state)) * rng_excl;
            leftover = (uint32_t)(m & 0xFFFFFFFFUL);
        }
    }
    return PyLong_FromUnsignedLong((unsigned long)(m >> 32));
}

static PyObject *uniform(PyObject *self, PyObject *bit_generator) {
    bitgen_t *bitgen = get_bitgen(bit_generator);
    if (bitgen == NULL) return NULL;
    return PyFloat_FromDouble(bitgen->next_double(bitgen->state));
}

static PyObject *pick(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !PyList_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "pick(outcomes: list, r)");
        return NULL;
    }
    PyObject *outcomes = args[0];
    double r = PyFloat_AsDouble(args[1]);
    if (r == -1.0 && PyErr_Occurred()) return NULL;
    Py_ssize_t count = PyList_GET_SIZE(outcomes);
    if (count == 0) {
        PyErr_SetString(PyExc_ValueError, "pick: no outcomes");
        return NULL;
    }
    double acc = 0.0;
    PyObject *pair = NULL;
    for (Py_ssize_t i = 0; i < count; i++) {
        pair = PyList_GET_ITEM(outcomes, i);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
            PyErr_SetString(PyExc_TypeError, "pick: outcomes are (outcome, probability) pairs");
            return NULL;
        }
        double prob = PyFloat_AsDouble(PyTuple_GET_ITEM(pair, 1));
        if (prob == -1.0 && PyErr_Occurred()) return NULL;
        acc += prob;
        if (r < acc) break;
    }
    PyObject *outcome = PyTuple_GET_ITEM(pair, 0);
    Py_INCREF(outcome);
    return outcome;
}

static PyMethodDef methods[] = {
    {"pick", (PyCFunction)(void (*)(void))pick, METH_FASTCALL,
     "pick(outcomes, r): the outcome the uniform draw r selects (running sum > r)."},
    {"below", (PyCFunction)(void (*)(void))below, METH_FASTCALL,
     "below(bit_generator, n): Generator.integers(n) of that bit generator."},
    {"uniform", uniform, METH_O,
     "uniform(bit_generator): Generator.random() of that bit generator."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "draws",
    "Generator.integers(n) and Generator.random() twins on a numpy bit generator.",
    -1, methods,
};

PyMODINIT_FUNC PyInit_draws(void) {
    capsule_name = PyUnicode_InternFromString("capsule");
    if (capsule_name == NULL) return NULL;
    return PyModule_Create(&module);
}

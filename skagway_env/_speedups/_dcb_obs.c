/* Dawson City Barbers' observation tensor in C: the twin of
 * skagway_env/games/dawson_city_barbers/observation.py::encode_python (issue 21).
 *
 * encode(state, player) -> a new float32 numpy array, bit for bit what the Python
 * encoder returns (tests/test_compiled_encoders.py plays games both ways). It reads the
 * state's plain attributes (ints and lists of ints) and writes every block afresh: the
 * round, phase and flips due, the observer's hand, the face-up discards, the
 * observer's face-down discards, and every seat's public block, observer first. The
 * Python encoder's seat cache (state._rows and its dirty seats) is neither read nor
 * touched: writing the rows here costs less than keeping them.
 *
 * init(...) hands over, once, numpy.empty, float32 and the layout sizes, checked
 * against what this file writes. Anything unexpected (a round, phase, seat, box, shop,
 * chair or Best Hair place out of range, a value that is not an int, a list of the
 * wrong length) raises; nothing is clipped. No numpy C API: the array comes from
 * numpy.empty, filled through the buffer protocol.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#define MAX_SHOPS 6
#define ROUNDS 4
#define PHASES 5
#define MAX_FLIPS 3
#define HEADER (ROUNDS + PHASES + 1)
#define BOXES 3  /* train place boxes 1-3 */
#define CHAIRS 3
#define HAIR_PLACES 4  /* Best Hair 1st, 2nd, 3rd, box */
#define PLAYER_FEATURES (2 + BOXES + 2 + MAX_SHOPS + CHAIRS + 5 + HAIR_PLACES + 1)
#define MAX_KINDS 256

static PyObject *np_empty, *np_float32;

enum {
    A_GAME, A_COMPONENTS, A_NUM_KINDS, A_TRAIN_LAST_SPACE, A_WORK_LAST, A_PAN_LAST, A_ROUND,
    A_PHASE, A_PENDING_FLIPS, A_HANDS, A_DISCARDS, A_FACE_DOWN, A_TRAIN_POS, A_TRAIN_BOX,
    A_WORK, A_PAN, A_CUT_AT, A_SHOP, A_WEEKEND_USED, A_GOLD, A_START_PLAYER, A_HAIR,
    A_PLACING, N_NAMES
};
static const char *NAMES[N_NAMES] = {
    "game", "components", "num_kinds", "train_last_space", "work_last", "pan_last", "round",
    "phase", "pending_flips", "hands", "discards", "face_down", "train_pos", "train_box",
    "work", "pan", "cut_at", "shop", "weekend_used", "gold", "start_player", "hair",
    "placing"};
static PyObject *names[N_NAMES];

#include "twin.h"  /* as_long, attr_long, items_of, longs_of, rel, new_tensor, keep_numpy, intern_names */

/* ------------------------------------------------------------------ helpers */

/* o.<name> as low..high ints. */
static int attr_longs(PyObject *o, int name, long *dst, Py_ssize_t low, Py_ssize_t high,
                      Py_ssize_t *len) {
    PyObject *v = PyObject_GetAttr(o, names[name]);
    if (v == NULL) return -1;
    int r = longs_of(v, dst, low, high, len);
    Py_DECREF(v);
    return r;
}

static int out_of_range(const char *what, long value, long low, long high) {
    PyErr_Format(PyExc_ValueError, "%s %ld outside %ld..%ld", what, value, low, high);
    return -1;
}

/* ------------------------------------------------------------------ seats */

enum {
    S_TRAIN_POS, S_TRAIN_BOX, S_WORK, S_PAN, S_CUT_AT, S_WEEKEND_USED, S_GOLD, S_HAIR,
    S_PLACING, N_SEAT_LISTS
};
static const int SEAT_LISTS[N_SEAT_LISTS] = {A_TRAIN_POS, A_TRAIN_BOX, A_WORK, A_PAN, A_CUT_AT,
                                             A_WEEKEND_USED, A_GOLD, A_HAIR, A_PLACING};

typedef struct {
    long v[N_SEAT_LISTS][MAX_SHOPS];  /* each seat list, by seat */
    long shop[MAX_SHOPS][MAX_SHOPS];  /* the seats in each shop's chairs, in order */
    Py_ssize_t shop_len[MAX_SHOPS];
    long hand_size[MAX_SHOPS];
    long start_player;
    double train_last, work_last, pan_last;
} Seats;

/* Seat q's public block (observation.seat_row). */
static int write_seat(const Seats *t, long n, long q, float *f) {
    long box = t->v[S_TRAIN_BOX][q], cut = t->v[S_CUT_AT][q], hair = t->v[S_HAIR][q];
    long cut_index = 0, chair = 0, place = -1;
    if (box < 0 || box > BOXES) return out_of_range("train place box", box, 0, BOXES);
    if (hair < -1 || hair >= HAIR_PLACES) return out_of_range("Best Hair place", hair, -1, 3);
    if (cut >= 0) {
        if (cut >= n) return out_of_range("haircut shop", cut, -1, n - 1);
        cut_index = rel(cut, q, n);  /* seats clockwise from q; 0 (its own shop) reads zero */
        for (Py_ssize_t i = 0; i < t->shop_len[cut] && !chair; i++)
            if (t->shop[cut][i] == q) chair = i + 1;
        if (chair == 0) {
            PyErr_Format(PyExc_ValueError, "seat %ld cut at shop %ld but sits in no chair", q, cut);
            return -1;
        }
        if (chair > CHAIRS) return out_of_range("chair", chair, 1, CHAIRS);
    }
    for (long i = 0; i < n && place < 0; i++)
        if (t->v[S_PLACING][i] == q) place = i;
    if (place < 0) {
        PyErr_Format(PyExc_ValueError, "seat %ld has no train placing", q);
        return -1;
    }
    f[0] = 1.0f;
    f[1] = (float)((double)t->v[S_TRAIN_POS][q] / t->train_last);
    if (box) f[2 + box - 1] = 1.0f;
    f += 2 + BOXES;
    f[0] = (float)((double)t->v[S_WORK][q] / t->work_last);
    f[1] = (float)((double)t->v[S_PAN][q] / t->pan_last);
    f += 2;
    if (cut_index) {  /* taken, then the shop one-hot */
        f[0] = 1.0f;
        f[cut_index] = 1.0f;
    }
    f += MAX_SHOPS;
    if (chair) f[chair - 1] = 1.0f;
    f += CHAIRS;
    f[0] = (float)(t->shop_len[q] / 3.0);
    f[1] = (float)t->v[S_WEEKEND_USED][q];
    f[2] = (float)(t->v[S_GOLD][q] / 50.0);
    f[3] = (float)(t->hand_size[q] / 5.0);
    f[4] = (float)(q == t->start_player);
    f += 5;
    if (hair >= 0) f[hair] = 1.0f;
    f += HAIR_PLACES;
    f[0] = (float)(place / (double)(MAX_SHOPS - 1));
    return 0;
}

/* What every seat block reads: the seat lists, the shops, the hand sizes. */
static int read_seats(PyObject *s, PyObject *comp, PyObject *hands, Py_ssize_t n, long k,
                      Seats *t) {
    long v[MAX_KINDS];
    PyObject **items;
    Py_ssize_t m;
    for (int i = 0; i < N_SEAT_LISTS; i++)
        if (attr_longs(s, SEAT_LISTS[i], t->v[i], n, n, NULL) < 0) return -1;
    if (attr_long(s, A_START_PLAYER, &t->start_player) < 0) return -1;
    long last[3];
    const int lasts[3] = {A_TRAIN_LAST_SPACE, A_WORK_LAST, A_PAN_LAST};
    for (int i = 0; i < 3; i++) {
        if (attr_long(comp, lasts[i], &last[i]) < 0) return -1;
        if (last[i] == 0) {
            PyErr_SetString(PyExc_ZeroDivisionError, "a track whose last space is 0");
            return -1;
        }
    }
    t->train_last = (double)last[0];
    t->work_last = (double)last[1];
    t->pan_last = (double)last[2];
    if (items_of(hands, &items, &m) < 0) return -1;
    for (Py_ssize_t q = 0; q < n; q++) {
        if (longs_of(items[q], v, k, k, NULL) < 0) return -1;
        t->hand_size[q] = 0;
        for (long i = 0; i < k; i++) t->hand_size[q] += v[i];
    }
    PyObject *shops = PyObject_GetAttr(s, names[A_SHOP]);
    if (shops == NULL) return -1;
    int r = items_of(shops, &items, &m);
    if (r == 0 && m != n) r = bad_length(m, n, n);
    for (Py_ssize_t q = 0; r == 0 && q < n; q++)
        r = longs_of(items[q], t->shop[q], 0, MAX_SHOPS, &t->shop_len[q]);
    Py_DECREF(shops);
    return r;
}

/* ------------------------------------------------------------------ encode */

static PyObject *encode(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (np_empty == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "_dcb_obs.init was not called");
        return NULL;
    }
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "encode(state, player)");
        return NULL;
    }
    PyObject *s = args[0], *game = NULL, *comp = NULL, *hands = NULL, *obj = NULL, *arr = NULL;
    PyObject **items;
    long player, k, round, phase, v[MAX_KINDS];
    Py_ssize_t n, m, flips;
    Seats seats;
    float *out;

    if (as_long(args[1], &player) < 0) return NULL;
    if ((obj = PyObject_GetAttr(s, names[A_GOLD])) == NULL || (n = PyObject_Size(obj)) < 0) goto fail;
    Py_CLEAR(obj);
    if (n < 1 || n > MAX_SHOPS || player < 0 || player >= n) {
        PyErr_Format(PyExc_ValueError, "seat %ld of %zd players (1..%d)", player, n, MAX_SHOPS);
        goto fail;
    }
    if ((game = PyObject_GetAttr(s, names[A_GAME])) == NULL
        || (comp = PyObject_GetAttr(game, names[A_COMPONENTS])) == NULL
        || attr_long(comp, A_NUM_KINDS, &k) < 0)
        goto fail;
    if (k < 0 || k > MAX_KINDS) {
        out_of_range("card kinds", k, 0, MAX_KINDS);
        goto fail;
    }
    if (attr_long(s, A_ROUND, &round) < 0 || attr_long(s, A_PHASE, &phase) < 0) goto fail;
    if (round < 0 || round >= ROUNDS) {
        out_of_range("round", round, 0, ROUNDS - 1);
        goto fail;
    }
    if (phase < 0 || phase >= PHASES) {
        out_of_range("phase", phase, 0, PHASES - 1);
        goto fail;
    }
    if ((obj = PyObject_GetAttr(s, names[A_PENDING_FLIPS])) == NULL
        || (flips = PyObject_Size(obj)) < 0)
        goto fail;
    Py_CLEAR(obj);
    if ((hands = PyObject_GetAttr(s, names[A_HANDS])) == NULL || items_of(hands, &items, &m) < 0)
        goto fail;
    if (m != n) {
        bad_length(m, n, n);
        goto fail;
    }
    if (read_seats(s, comp, hands, n, k, &seats) < 0) goto fail;
    Py_ssize_t size = HEADER + 3 * k + MAX_SHOPS * PLAYER_FEATURES;
    if ((arr = new_tensor(size, &out)) == NULL) goto fail;
    out[round] = 1.0f;
    out[ROUNDS + phase] = 1.0f;
    out[ROUNDS + PHASES] = (float)(flips / (double)MAX_FLIPS);
    /* own hand, the face-up discards, own face-down discards */
    float *f = out + HEADER;
    if (items_of(hands, &items, &m) < 0 || m != n || longs_of(items[player], v, k, k, NULL) < 0) {
        if (!PyErr_Occurred()) bad_length(m, n, n);
        goto fail;
    }
    for (long i = 0; i < k; i++) f[i] = (float)v[i];
    if (attr_longs(s, A_DISCARDS, v, k, k, NULL) < 0) goto fail;
    for (long i = 0; i < k; i++) f[k + i] = (float)v[i];
    if ((obj = PyObject_GetAttr(s, names[A_FACE_DOWN])) == NULL || items_of(obj, &items, &m) < 0)
        goto fail;
    if (m != n) {
        bad_length(m, n, n);
        goto fail;
    }
    if (longs_of(items[player], v, k, k, NULL) < 0) goto fail;
    Py_CLEAR(obj);
    for (long i = 0; i < k; i++) f[2 * k + i] = (float)v[i];
    f += 3 * k;
    for (long r = 0; r < n; r++)
        if (write_seat(&seats, n, (player + r) % n, f + r * PLAYER_FEATURES) < 0) goto fail;
    Py_DECREF(game);
    Py_DECREF(comp);
    Py_DECREF(hands);
    return arr;
fail:
    Py_XDECREF(game);
    Py_XDECREF(comp);
    Py_XDECREF(hands);
    Py_XDECREF(obj);
    Py_XDECREF(arr);
    return NULL;
}

/* ------------------------------------------------------------------ init */

static PyObject *init(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *kw[] = {"empty", "float32", "max_shops", "rounds", "phases", "max_flips",
                         "player_features", NULL};
    PyObject *empty, *f32;
    long shops, rounds, phases, flips, features;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "$OOlllll", kw, &empty, &f32, &shops, &rounds,
                                     &phases, &flips, &features))
        return NULL;
    if (shops != MAX_SHOPS || rounds != ROUNDS || phases != PHASES || flips != MAX_FLIPS
        || features != PLAYER_FEATURES) {
        PyErr_SetString(PyExc_ValueError, "the Python layout is not the one this encoder writes");
        return NULL;
    }
    if (keep_numpy(empty, f32) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"init", (PyCFunction)(void (*)(void))init, METH_VARARGS | METH_KEYWORDS,
     "init(*, empty, float32, max_shops, rounds, phases, max_flips, player_features): the "
     "Python side's constants, once."},
    {"encode", (PyCFunction)(void (*)(void))encode, METH_FASTCALL,
     "encode(state, player) -> float32 array: observation.encode_python's tensor."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_dcb_obs",
                                    "Dawson City Barbers' observation encoder in C.", -1, methods};

PyMODINIT_FUNC PyInit__dcb_obs(void) {
    if (intern_names(NAMES, names, N_NAMES) < 0) return NULL;
    return PyModule_Create(&module);
}

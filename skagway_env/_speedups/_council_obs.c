/* The council game's observation tensor in C: the twin of
 * skagway_env/games/klondike1896_council/observation.py's ``encode_python`` (issue 21).
 *
 *     encode(out, state, player, layout) -> None
 *     encode_every_seat(out, state, layout) -> None   (out: seats x size)
 *
 * ``out`` is a zeroed, writable float32 buffer of the tensor's size; ``layout`` is
 * ``observation._compiled_layout(game)``: the sizes and the game's constant tables, so
 * that nothing of the layout is written twice. Every value is computed as the Python
 * code computes it (a double, then rounded once to float32), so the two tensors are
 * equal bit for bit (tests/klondike1896_council/test_compiled_encoding.py). The
 * layout is observation.py's module docstring and ``seat_fields``.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define MAX_SEATS 4
#define MAX_CELLS 256
#define PIECES 16
#define ROUNDS 9
#define PHASES 8
#define BEATS 1000.0

typedef struct {
    Py_ssize_t n, hidden, cells, slots, kinds, colours, requests, backs;
    Py_ssize_t head_size, seat_size, size;
    long race, take, join;
    PyObject *children;  /* tuple of 0/1 per seat */
    PyObject *request_table;  /* tuple of (gold, rubies, back) */
} Layout;

static PyObject *s_round, *s_phase, *s_clock, *s_request, *s_requests_used,
    *s_backs_left, *s_table, *s_pile, *s_discard, *s_levels, *s_landscape, *s_used,
    *s_covered, *s_last_claim, *s_gold, *s_rubies, *s_declared, *s_free_at,
    *s_checked, *s_exact, *s_order, *s_card, *s_partner, *s_pending, *s_queue,
    *s_last, *s_game, *s_terrain, *sixty_four;

/* The fields read of the state, each a new reference (NULL: an error is set). */
typedef struct {
    PyObject *levels, *landscape, *used, *covered, *last_claim, *gold, *rubies,
        *declared, *free_at, *checked, *exact, *order, *card, *partner, *pending,
        *queue;
    long phase, last;
} Seats;

static int get_long(PyObject *obj, PyObject *name, long *value) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (v == NULL) return -1;
    *value = PyLong_AsLong(v);
    Py_DECREF(v);
    return (*value == -1 && PyErr_Occurred()) ? -1 : 0;
}

/* A list attribute as a PySequence_Fast (a list stays itself). */
static PyObject *get_seq(PyObject *obj, PyObject *name) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (v == NULL) return NULL;
    PyObject *seq = PySequence_Fast(v, "council observation: a list was expected");
    Py_DECREF(v);
    return seq;
}

static long item_long(PyObject *seq, Py_ssize_t i) {
    return PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
}

/* Index of ``q`` in a sequence of ints, -1 when absent. */
static Py_ssize_t index_of(PyObject *seq, long q) {
    Py_ssize_t len = PySequence_Fast_GET_SIZE(seq);
    for (Py_ssize_t i = 0; i < len; i++)
        if (item_long(seq, i) == q) return i;
    return -1;
}

/* A cell mask (a Python int, bit c = cell c) written as 0/1 floats. */
static int write_mask(PyObject *mask, float *out, Py_ssize_t cells) {
    Py_INCREF(mask);
    for (Py_ssize_t base = 0; base < cells; base += 64) {
        unsigned long long chunk = PyLong_AsUnsignedLongLongMask(mask);
        if (chunk == (unsigned long long)-1 && PyErr_Occurred()) {
            Py_DECREF(mask);
            return -1;
        }
        for (int b = 0; chunk && b < 64 && base + b < cells; b++, chunk >>= 1)
            if (chunk & 1) out[base + b] = 1.0f;
        if (base + 64 >= cells) break;
        PyObject *rest = PyNumber_Rshift(mask, sixty_four);
        Py_DECREF(mask);
        if (rest == NULL) return -1;
        mask = rest;
        int more = PyObject_IsTrue(mask);
        if (more <= 0) {
            Py_DECREF(mask);
            return more;
        }
    }
    Py_DECREF(mask);
    return 0;
}

/* The terrain planes of seat ``q``'s landscape: gold pieces / 3, ruby cells. */
static int write_terrain(PyObject *game, PyObject *landscape, float *gold_out,
                         float *ruby_out, Py_ssize_t cells) {
    PyObject *terrain = PyObject_CallMethodOneArg(game, s_terrain, landscape);
    if (terrain == NULL) return -1;
    int rc = -1;
    if (!PyTuple_Check(terrain) || PyTuple_GET_SIZE(terrain) != 2) {
        PyErr_SetString(PyExc_TypeError, "game.terrain must give (gold, rubies)");
        goto done;
    }
    PyObject *gold = PySequence_Fast(PyTuple_GET_ITEM(terrain, 0), "terrain: gold");
    if (gold == NULL) goto done;
    PyObject *ruby = PySequence_Fast(PyTuple_GET_ITEM(terrain, 1), "terrain: rubies");
    if (ruby == NULL) {
        Py_DECREF(gold);
        goto done;
    }
    if (PySequence_Fast_GET_SIZE(gold) < cells || PySequence_Fast_GET_SIZE(ruby) < cells) {
        PyErr_SetString(PyExc_ValueError, "terrain planes shorter than the grid");
    } else {
        for (Py_ssize_t c = 0; c < cells; c++) {
            gold_out[c] = (float)((double)item_long(gold, c) / 3.0);
            ruby_out[c] = (float)(double)item_long(ruby, c);
        }
        rc = PyErr_Occurred() ? -1 : 0;
    }
    Py_DECREF(gold);
    Py_DECREF(ruby);
done:
    Py_DECREF(terrain);
    return rc;
}

/* Seat ``q``'s block (observation.seat_fields' order) at ``out``. */
static int write_seat(const Layout *lay, const Seats *st, PyObject *game, long q,
                      int seen, float *out) {
    Py_ssize_t cells = lay->cells, i = 0;
    PyObject *landscape = PySequence_Fast_GET_ITEM(st->landscape, q);
    PyObject *laid = PySequence_Fast(landscape, "landscape: a list was expected");
    if (laid == NULL) return -1;
    Py_ssize_t boards = PySequence_Fast_GET_SIZE(laid);
    out[i++] = 1.0f;
    out[i++] = (float)PyLong_AsLong(PyTuple_GET_ITEM(lay->children, q));
    PyObject *levels = PySequence_Fast(PySequence_Fast_GET_ITEM(st->levels, q),
                                       "levels: a list was expected");
    if (levels == NULL) {
        Py_DECREF(laid);
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(levels) != lay->colours) {
        PyErr_SetString(PyExc_ValueError, "council observation: a seat's levels differ");
        Py_DECREF(levels);
        Py_DECREF(laid);
        return -1;
    }
    for (Py_ssize_t c = 0; c < lay->colours; c++)
        out[i + c] = (float)((double)item_long(levels, c) / 10.0);
    Py_DECREF(levels);
    i += lay->colours;
    out[i++] = (float)((double)boards / 4.0);
    if (seen)
        for (Py_ssize_t place = 0; place < boards && place < 4; place++) {
            long code = item_long(laid, place);
            if (code < 0 || code >= PIECES) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "council observation: a bad board");
                Py_DECREF(laid);
                return -1;
            }
            out[i + place * PIECES + code] = 1.0f;
        }
    i += 4 * PIECES;
    long used = item_long(st->used, q);
    for (Py_ssize_t slot = 0; slot < lay->slots; slot++)
        out[i + slot] = (float)((used >> slot) & 1);
    i += lay->slots;
    if (seen) {
        if (write_mask(PySequence_Fast_GET_ITEM(st->covered, q), out + i, cells) < 0
            || write_mask(PySequence_Fast_GET_ITEM(st->last_claim, q), out + i + cells,
                          cells) < 0
            || (boards && write_terrain(game, landscape, out + i + 2 * cells,
                                        out + i + 3 * cells, cells) < 0)) {
            Py_DECREF(laid);
            return -1;
        }
        out[i + 4 * cells] = (float)((double)item_long(st->gold, q) / 20.0);
        out[i + 4 * cells + 1] = (float)((double)item_long(st->rubies, q) / 5.0);
    }
    Py_DECREF(laid);
    i += 4 * cells + 2;
    long declared = item_long(st->declared, q);
    out[i++] = (float)(st->phase == lay->race && declared < 0 && q != st->last);
    out[i++] = (float)(declared >= 0);
    out[i++] = (float)(q == st->last);
    out[i++] = (float)((double)(declared + 1) / BEATS);
    out[i++] = (float)((double)item_long(st->free_at, q) / BEATS);
    out[i++] = (float)((double)item_long(st->checked, q) / ROUNDS);
    out[i++] = (float)((double)item_long(st->exact, q) / ROUNDS);
    Py_ssize_t place = index_of(st->order, q);
    if (place >= 0 && place < MAX_SEATS) out[i + place] = 1.0f;
    i += MAX_SEATS;
    long card = item_long(st->card, q);
    if (card >= 0 && card < lay->kinds) out[i + card] = 1.0f;
    i += lay->kinds;
    long partner = item_long(st->partner, q);
    if (partner >= 0) out[i + (((partner - q) % lay->n) + lay->n) % lay->n] = 1.0f;
    i += MAX_SEATS;
    Py_ssize_t queued = PySequence_Fast_GET_SIZE(st->queue);
    int to_act = (st->phase == lay->take && queued && item_long(st->queue, 0) == q)
                 || (st->phase == lay->join && st->last == q);
    out[i++] = (float)to_act;
    out[i++] = (float)(index_of(st->pending, q) >= 0);
    out[i++] = (float)(index_of(st->queue, q) >= 0);
    if (i != lay->seat_size) {
        PyErr_SetString(PyExc_ValueError, "council observation: seat block size differs");
        return -1;
    }
    return PyErr_Occurred() ? -1 : 0;
}

/* The global part (observation._cards_head plus the phase and the clock). */
static int write_head(const Layout *lay, PyObject *state, float *out) {
    long round, phase, clock, request;
    if (get_long(state, s_round, &round) < 0 || get_long(state, s_phase, &phase) < 0
        || get_long(state, s_clock, &clock) < 0 || get_long(state, s_request, &request) < 0)
        return -1;
    if (round < 0 || phase < 0 || phase >= PHASES || request >= lay->requests) {
        PyErr_SetString(PyExc_ValueError, "council observation: round, phase or request");
        return -1;
    }
    out[round < ROUNDS ? round : ROUNDS - 1] = 1.0f;
    out[ROUNDS + phase] = 1.0f;
    out[ROUNDS + PHASES] = (float)((double)clock / BEATS);
    Py_ssize_t i = ROUNDS + PHASES + 1;
    if (request >= 0) {
        PyObject *req = PyTuple_GET_ITEM(lay->request_table, request);
        out[i] = 1.0f;
        out[i + 1] = (float)((double)PyLong_AsLong(PyTuple_GET_ITEM(req, 0)) / 20.0);
        out[i + 2] = (float)((double)PyLong_AsLong(PyTuple_GET_ITEM(req, 1)) / 5.0);
        long back = PyLong_AsLong(PyTuple_GET_ITEM(req, 2));
        if (back < 0 || back >= lay->backs) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "council observation: a bad back");
            return -1;
        }
        out[i + 3 + back] = 1.0f;
    }
    i += 3 + lay->backs;
    PyObject *used = get_seq(state, s_requests_used);
    if (used == NULL) return -1;
    for (Py_ssize_t r = 0; r < lay->requests && r < PySequence_Fast_GET_SIZE(used); r++) {
        int flag = PyObject_IsTrue(PySequence_Fast_GET_ITEM(used, r));
        if (flag < 0) {
            Py_DECREF(used);
            return -1;
        }
        out[i + r] = (float)flag;
    }
    Py_DECREF(used);
    i += lay->requests;
    PyObject *backs = get_seq(state, s_backs_left);
    if (backs == NULL) return -1;
    for (Py_ssize_t b = 0; b < lay->backs && b < PySequence_Fast_GET_SIZE(backs); b++)
        out[i + b] = (float)((double)item_long(backs, b) / 3.0);
    Py_DECREF(backs);
    i += lay->backs;
    PyObject *names[3] = {s_table, s_pile, s_discard};
    for (int part = 0; part < 3; part++) {
        PyObject *counts = get_seq(state, names[part]);
        if (counts == NULL) return -1;
        for (Py_ssize_t k = 0; k < lay->kinds && k < PySequence_Fast_GET_SIZE(counts); k++)
            out[i + k] = (float)((double)item_long(counts, k) / 2.0);
        Py_DECREF(counts);
        i += lay->kinds;
    }
    if (i != lay->head_size) {
        PyErr_SetString(PyExc_ValueError, "council observation: head size differs");
        return -1;
    }
    return PyErr_Occurred() ? -1 : 0;
}

static int read_layout(PyObject *t, Layout *lay) {
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != 16) {
        PyErr_SetString(PyExc_TypeError, "council observation: layout must be a 16-tuple");
        return -1;
    }
    Py_ssize_t *sizes[11] = {&lay->n, &lay->hidden, &lay->cells, &lay->slots, &lay->kinds,
                             &lay->colours, &lay->requests, &lay->backs, &lay->head_size,
                             &lay->seat_size, &lay->size};
    for (int k = 0; k < 11; k++) {
        *sizes[k] = PyLong_AsSsize_t(PyTuple_GET_ITEM(t, k));
        if (*sizes[k] < 0) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "council observation: negative size");
            return -1;
        }
    }
    lay->race = PyLong_AsLong(PyTuple_GET_ITEM(t, 11));
    lay->take = PyLong_AsLong(PyTuple_GET_ITEM(t, 12));
    lay->join = PyLong_AsLong(PyTuple_GET_ITEM(t, 13));
    lay->children = PyTuple_GET_ITEM(t, 14);
    lay->request_table = PyTuple_GET_ITEM(t, 15);
    if (PyErr_Occurred()) return -1;
    if (lay->n < 1 || lay->n > MAX_SEATS || lay->cells > MAX_CELLS || lay->colours > 4
        || !PyTuple_Check(lay->children) || PyTuple_GET_SIZE(lay->children) != lay->n
        || !PyTuple_Check(lay->request_table)
        || PyTuple_GET_SIZE(lay->request_table) != lay->requests
        || lay->head_size + MAX_SEATS * lay->seat_size != lay->size) {
        PyErr_SetString(PyExc_ValueError, "council observation: inconsistent layout");
        return -1;
    }
    return 0;
}

static void release(Seats *st) {
    PyObject **all[16] = {&st->levels, &st->landscape, &st->used, &st->covered,
                          &st->last_claim, &st->gold, &st->rubies, &st->declared,
                          &st->free_at, &st->checked, &st->exact, &st->order, &st->card,
                          &st->partner, &st->pending, &st->queue};
    for (int k = 0; k < 16; k++) Py_CLEAR(*all[k]);
}

static int read_seats(PyObject *state, const Layout *lay, Seats *st) {
    PyObject **all[16] = {&st->levels, &st->landscape, &st->used, &st->covered,
                          &st->last_claim, &st->gold, &st->rubies, &st->declared,
                          &st->free_at, &st->checked, &st->exact, &st->order, &st->card,
                          &st->partner, &st->pending, &st->queue};
    PyObject *names[16] = {s_levels, s_landscape, s_used, s_covered, s_last_claim, s_gold,
                           s_rubies, s_declared, s_free_at, s_checked, s_exact, s_order,
                           s_card, s_partner, s_pending, s_queue};
    for (int k = 0; k < 16; k++) {
        *all[k] = get_seq(state, names[k]);
        if (*all[k] == NULL) return -1;
        /* per-seat lists (all but order, pending, queue) hold one entry a seat */
        if (k < 11 || k == 12 || k == 13) {
            if (PySequence_Fast_GET_SIZE(*all[k]) != lay->n) {
                PyErr_SetString(PyExc_ValueError,
                                "council observation: a seat list of the wrong length");
                return -1;
            }
        }
    }
    if (get_long(state, s_phase, &st->phase) < 0 || get_long(state, s_last, &st->last) < 0)
        return -1;
    return 0;
}

static PyObject *encode(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "encode(out, state, player, layout)");
        return NULL;
    }
    PyObject *state = args[1];
    long player = PyLong_AsLong(args[2]);
    if (player == -1 && PyErr_Occurred()) return NULL;
    Layout lay;
    if (read_layout(args[3], &lay) < 0) return NULL;
    Py_buffer view;
    if (PyObject_GetBuffer(args[0], &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0)
        return NULL;
    PyObject *game = NULL;
    Seats st = {0};
    int ok = 0;
    if (view.len != lay.size * (Py_ssize_t)sizeof(float)) {
        PyErr_SetString(PyExc_ValueError, "council observation: out has the wrong size");
        goto done;
    }
    float *out = (float *)view.buf;
    if (write_head(&lay, state, out) < 0 || read_seats(state, &lay, &st) < 0) goto done;
    game = PyObject_GetAttr(state, s_game);
    if (game == NULL) goto done;
    for (long r = 0; r < lay.n; r++) {
        long q = ((player + r) % lay.n + lay.n) % lay.n;
        int seen = r == 0 || !lay.hidden;
        if (write_seat(&lay, &st, game, q, seen, out + lay.head_size + r * lay.seat_size) < 0)
            goto done;
    }
    ok = 1;
done:
    release(&st);
    Py_XDECREF(game);
    PyBuffer_Release(&view);
    if (!ok) return NULL;
    Py_RETURN_NONE;
}

/* Every seat's tensor at once, row ``p`` seat ``p``'s: the head and each seat's two
 * blocks (as its owner sees it, as the others do) are written once and copied into
 * the rows (a simultaneous node: every seat observes the same position). */
static PyObject *encode_every_seat(PyObject *module, PyObject *const *args,
                                   Py_ssize_t nargs) {
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "encode_every_seat(out, state, layout)");
        return NULL;
    }
    PyObject *state = args[1];
    Layout lay;
    if (read_layout(args[2], &lay) < 0) return NULL;
    Py_buffer view;
    if (PyObject_GetBuffer(args[0], &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0)
        return NULL;
    PyObject *game = NULL;
    Seats st = {0};
    float *blocks = NULL;
    int ok = 0;
    if (view.len != lay.n * lay.size * (Py_ssize_t)sizeof(float)) {
        PyErr_SetString(PyExc_ValueError, "council observation: out has the wrong size");
        goto done;
    }
    float *out = (float *)view.buf;
    Py_ssize_t width = lay.seat_size;
    blocks = PyMem_Calloc((size_t)(2 * lay.n * width), sizeof(float));
    if (blocks == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (write_head(&lay, state, out) < 0 || read_seats(state, &lay, &st) < 0) goto done;
    game = PyObject_GetAttr(state, s_game);
    if (game == NULL) goto done;
    for (long q = 0; q < lay.n; q++) {
        if (write_seat(&lay, &st, game, q, 1, blocks + 2 * q * width) < 0
            || (lay.hidden && write_seat(&lay, &st, game, q, 0,
                                         blocks + (2 * q + 1) * width) < 0))
            goto done;
    }
    for (long p = 0; p < lay.n; p++) {
        float *row = out + p * lay.size;
        if (p) memcpy(row, out, (size_t)lay.head_size * sizeof(float));
        for (long r = 0; r < lay.n; r++) {
            long q = (p + r) % lay.n;
            int seen = r == 0 || !lay.hidden;
            memcpy(row + lay.head_size + r * width, blocks + (2 * q + !seen) * width,
                   (size_t)width * sizeof(float));
        }
    }
    ok = 1;
done:
    PyMem_Free(blocks);
    release(&st);
    Py_XDECREF(game);
    PyBuffer_Release(&view);
    if (!ok) return NULL;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"encode", (PyCFunction)(void (*)(void))encode, METH_FASTCALL,
     "encode(out, state, player, layout): write the council tensor into out."},
    {"encode_every_seat", (PyCFunction)(void (*)(void))encode_every_seat, METH_FASTCALL,
     "encode_every_seat(out, state, layout): every seat's tensor, one row a seat."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_council_obs",
    "The council game's observation tensor in C (observation.encode_python's twin).",
    -1, methods,
};

PyMODINIT_FUNC PyInit__council_obs(void) {
    struct {
        PyObject **slot;
        const char *name;
    } names[] = {
        {&s_round, "round"}, {&s_phase, "phase"}, {&s_clock, "clock"},
        {&s_request, "request"}, {&s_requests_used, "requests_used"},
        {&s_backs_left, "backs_left"}, {&s_table, "table"}, {&s_pile, "pile"},
        {&s_discard, "discard"}, {&s_levels, "levels"}, {&s_landscape, "landscape"},
        {&s_used, "used"}, {&s_covered, "covered"}, {&s_last_claim, "last_claim"},
        {&s_gold, "gold"}, {&s_rubies, "rubies"}, {&s_declared, "declared"},
        {&s_free_at, "free_at"}, {&s_checked, "checked"}, {&s_exact, "exact"},
        {&s_order, "order"}, {&s_card, "card"}, {&s_partner, "partner"},
        {&s_pending, "pending"}, {&s_queue, "queue"}, {&s_last, "last"},
        {&s_game, "game"}, {&s_terrain, "terrain"},
    };
    for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
        *names[k].slot = PyUnicode_InternFromString(names[k].name);
        if (*names[k].slot == NULL) return NULL;
    }
    sixty_four = PyLong_FromLong(64);
    if (sixty_four == NULL) return NULL;
    return PyModule_Create(&module_def);
}

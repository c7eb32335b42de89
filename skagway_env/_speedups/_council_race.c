/* C twin of the council race's legality search (klondike1896_council/race.py, issue 21).
 *
 * ``race.legal_bits`` is the hot loop of every council search, env step and playout: for
 * each claim slot still in hand and each distinct turn of its claim, the anchors where
 * it fits on free cells, touches the last claim's halo and passes Game 1's edge rules
 * (RULES_NOTES P3), shifted into the action space's bit set. In Python each step is an
 * operation on a 144-bit integer (a microsecond apiece a search); here the masks are
 * four 64-bit words at most. The functions:
 *
 * - ``legal_bits(table, covered, halo, used, laid, slots)``: ``race.legal_python``'s
 *   integer for a seat whose cover is ``covered``, last claim's halo ``halo``, slots
 *   used ``used`` (bit a slot), boards laid ``laid`` (their lay actions), of which the
 *   first ``slots`` claim slots are its own. ``table`` is ``race.compiled_table(game)``:
 *   the game's geometry as int64 words (layout there), parsed once and kept with a
 *   reference to the bytes object it came from (a game's calls all pass the same one).
 * - ``nth_bit(bits, i)``: the ``i``-th lowest set bit of a non-negative ``bits``
 *   (``race_list(...)[i]`` without the list), for a playout's random move;
 *   ``bit_list(bits)``: all of them, ascending (``race_list``'s list);
 * - ``random_choice(table, covered, halo, used, laid, slots, below)``: the action
 *   ``legal_bits``' set holds at index ``below(its count)``, in one call (a playout's
 *   move: the set is never made a Python integer);
 * - ``slot_offsets(table, covered, halo, boards, slot)``: ``race.offsets_python``'s
 *   list (the anchor search of one slot, for the views' redraw);
 * - ``copy_two_levels(values)``: ``[v[:] if type(v) is list else v for v in values]``
 *   of a list (``CouncilState.clone``'s copy of each list it holds: the history's joint
 *   moves, a seat's landscape; every view and every search iteration clones).
 *
 * A claim's cells at anchor ``a`` are its turn's offsets plus ``a`` (Game 1's placement
 * table is built so), so the edge check's placement mask is the turn's shape shifted by
 * ``a``, not a table look-up. ``tests/klondike1896_council/test_compiled_race.py``
 * checks each against the Python path on games played by the heuristic styles and
 * random play, every player count and variant.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "this twin reads integers' bytes as little-endian words"
#endif

#define MAXW 4        /* words a cell mask has: grids of up to 256 cells */
#define MAXOFF 8      /* cells a claim may have */
#define MAXBOARDS 8
#define MAXRULES 8
#define MAXSLOTS 16
#define MAXTURNS 8

/* Every mask has MAXW words, the ones past the table's own zero: fixed-length loops the
   compiler unrolls (a mask's word count read from the table kept them loops). */
typedef struct { uint64_t w[MAXW]; } mask_t;

static inline int any(const mask_t *m) { return (m->w[0] | m->w[1] | m->w[2] | m->w[3]) != 0; }

static inline int intersects(const mask_t *a, const mask_t *b) {
    return ((a->w[0] & b->w[0]) | (a->w[1] & b->w[1]) | (a->w[2] & b->w[2])
            | (a->w[3] & b->w[3])) != 0;
}

/* m >> s (logical), 0 <= s < 64 * MAXW */
static inline mask_t shr(const mask_t *m, int s) {
    mask_t out;
    int q = s >> 6, r = s & 63;
    for (int i = 0; i < MAXW; i++) {
        uint64_t lo = i + q < MAXW ? m->w[i + q] : 0;
        uint64_t hi = i + q + 1 < MAXW ? m->w[i + q + 1] : 0;
        out.w[i] = r ? (lo >> r) | (hi << (64 - r)) : lo;
    }
    return out;
}

/* m << s, kept to MAXW words */
static inline mask_t shl(const mask_t *m, int s) {
    mask_t out;
    int q = s >> 6, r = s & 63;
    for (int i = 0; i < MAXW; i++) {
        uint64_t lo = i - q >= 0 ? m->w[i - q] : 0;
        uint64_t below = i - q - 1 >= 0 ? m->w[i - q - 1] : 0;
        out.w[i] = r ? (lo << r) | (below >> (64 - r)) : lo;
    }
    return out;
}

/* A non-negative int of at most `words` 64-bit words into `dst` (zero-filled); an int
   that does not fit raises OverflowError. */
static int words_of(PyObject *v, uint64_t *dst, Py_ssize_t words) {
    if (!PyLong_Check(v)) {
        PyErr_Format(PyExc_TypeError, "expected an int, got %.100s", Py_TYPE(v)->tp_name);
        return -1;
    }
    memset(dst, 0, (size_t)words * 8);
#if PY_VERSION_HEX >= 0x030D0000
    if (_PyLong_AsByteArray((PyLongObject *)v, (unsigned char *)dst, (size_t)words * 8, 1, 0, 1) < 0)
        return -1;
#else
    if (_PyLong_AsByteArray((PyLongObject *)v, (unsigned char *)dst, (size_t)words * 8, 1, 0) < 0)
        return -1;
#endif
    return 0;
}

typedef struct {
    int64_t rot, noff, offs[MAXOFF];
    mask_t fit, shape, cross[MAXRULES];  /* cross[r]: anchors whose claim reaches rule r's beyond */
} turn_t;

typedef struct {
    int64_t words, cells, slots, place_base, per_slot, wait, declare, size, rules, boards,
        rotations;
    int64_t lay_at[MAXBOARDS];
    mask_t full, beyond_laid[MAXBOARDS + 1], top[MAXRULES], bottom[MAXRULES];
    int64_t nturns[MAXSLOTS];
    turn_t turns[MAXSLOTS][MAXTURNS];
} table_t;

/* The table last read, and the bytes object it was read from (a reference kept, so
   that no other object can take its address): a game's calls read it once. */
static table_t parsed;
static PyObject *parsed_from = NULL;

typedef struct { const int64_t *at, *end; int64_t words; } reader_t;

static int bad_table(void) {
    PyErr_SetString(PyExc_ValueError, "inconsistent council race table");
    return -1;
}

static inline int next_word(reader_t *r, int64_t *out) {
    if (r->at >= r->end) return bad_table();
    *out = *r->at++;
    return 0;
}

static int next_mask(reader_t *r, mask_t *m) {
    if (r->end - r->at < r->words) return bad_table();
    memset(m, 0, sizeof *m);
    for (int64_t i = 0; i < r->words; i++) m->w[i] = (uint64_t)r->at[i];
    r->at += r->words;
    return 0;
}

static int in_range(int64_t v, int64_t low, int64_t high) { return low <= v && v <= high; }

/* race.compiled_table's words into `t`; -1 and ValueError where they do not add up. */
static int read_table(PyObject *obj, table_t *t) {
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0) return -1;
    int rc = -1;
    reader_t rd = {(const int64_t *)view.buf, (const int64_t *)view.buf + view.len / 8, 0};
    int64_t *head[] = {&t->words, &t->cells, &t->slots, &t->place_base, &t->per_slot,
                       &t->wait, &t->declare, &t->size, &t->rules, &t->boards, &t->rotations};
    for (size_t i = 0; i < sizeof head / sizeof head[0]; i++)
        if (next_word(&rd, head[i]) < 0) goto done;
    if (!in_range(t->words, 1, MAXW) || !in_range(t->cells, 1, 64 * t->words)
        || !in_range(t->slots, 0, MAXSLOTS) || !in_range(t->rules, 0, MAXRULES)
        || !in_range(t->boards, 1, MAXBOARDS) || !in_range(t->rotations, 1, MAXTURNS)
        || !in_range(t->size, 1, 1 << 24) || !in_range(t->wait, 0, t->size - 1)
        || !in_range(t->declare, 0, t->size - 1) || t->place_base < 0 || t->per_slot < 0
        || t->place_base + t->slots * t->per_slot > t->size) {
        bad_table();
        goto done;
    }
    rd.words = t->words;
    for (int64_t d = 0; d < t->boards; d++)
        if (next_word(&rd, &t->lay_at[d]) < 0) goto done;
    for (int64_t d = 0; d < t->boards; d++)
        if (!in_range(t->lay_at[d], 0, t->size - t->rotations)) {
            bad_table();
            goto done;
        }
    if (next_mask(&rd, &t->full) < 0) goto done;
    for (int64_t k = 0; k <= t->boards; k++)
        if (next_mask(&rd, &t->beyond_laid[k]) < 0) goto done;
    for (int64_t i = 0; i < t->rules; i++)
        if (next_mask(&rd, &t->top[i]) < 0 || next_mask(&rd, &t->bottom[i]) < 0) goto done;
    for (int64_t slot = 0; slot < t->slots; slot++) {
        if (next_word(&rd, &t->nturns[slot]) < 0) goto done;
        if (!in_range(t->nturns[slot], 0, MAXTURNS)) {
            bad_table();
            goto done;
        }
        for (int64_t k = 0; k < t->nturns[slot]; k++) {
            turn_t *turn = &t->turns[slot][k];
            if (next_word(&rd, &turn->rot) < 0 || next_word(&rd, &turn->noff) < 0) goto done;
            if (!in_range(turn->noff, 1, MAXOFF) || !in_range(turn->rot, 0, t->rotations - 1)) {
                bad_table();
                goto done;
            }
            for (int o = 0; o < MAXOFF; o++) {
                if (next_word(&rd, &turn->offs[o]) < 0) goto done;
                if (!in_range(turn->offs[o], 0, t->cells - 1)) {
                    bad_table();
                    goto done;
                }
            }
            if (next_mask(&rd, &turn->fit) < 0 || next_mask(&rd, &turn->shape) < 0) goto done;
            for (int64_t r = 0; r < t->rules; r++)
                if (next_mask(&rd, &turn->cross[r]) < 0) goto done;
        }
    }
    if (rd.at != rd.end) {
        bad_table();
        goto done;
    }
    rc = 0;
done:
    PyBuffer_Release(&view);
    return rc;
}

static const table_t *table_of(PyObject *obj) {
    if (obj == parsed_from) return &parsed;
    Py_CLEAR(parsed_from);
    if (read_table(obj, &parsed) < 0) return NULL;
    Py_INCREF(obj);
    parsed_from = obj;
    return &parsed;
}

/* out |= ok << shift, for an out of `out_words` words */
static void or_shifted(uint64_t *out, Py_ssize_t out_words, const mask_t *ok, int64_t shift) {
    int64_t q = shift >> 6;
    int r = (int)(shift & 63);
    for (int i = 0; i < MAXW; i++) {
        uint64_t v = ok->w[i];
        if (!v) continue;
        if (q + i < out_words) out[q + i] |= v << r;
        if (r && q + i + 1 < out_words) out[q + i + 1] |= v >> (64 - r);
    }
}

static inline void set_bit(uint64_t *out, int64_t bit) { out[bit >> 6] |= 1ULL << (bit & 63); }

#define OUT_WORDS 512  /* action spaces of up to 32,768 actions on the stack */

/* A turned claim's legal anchors: fitting, touching the halo, on free cells, passing
   the binding edge rules (race.fitting, klondike1896's _edge_check). free_at / near_at
   hold free >> o and halo >> o for the offsets marked in `have` (each shifted once a
   call). */
typedef struct {
    mask_t cov, free_cells, halo;
    int binding[MAXRULES], nbinding;
    mask_t free_at[64 * MAXW], near_at[64 * MAXW];
    uint64_t have[MAXW];
} cover_t;

static void cover_init(cover_t *c, const table_t *t, const mask_t *covered, const mask_t *halo,
                       Py_ssize_t nlaid) {
    for (int i = 0; i < MAXW; i++) {
        c->cov.w[i] = covered->w[i] | t->beyond_laid[nlaid].w[i];
        c->free_cells.w[i] = t->full.w[i] & ~c->cov.w[i];
        c->have[i] = 0;
    }
    c->halo = *halo;
    c->nbinding = 0;
    for (int64_t i = 0; i < t->rules; i++)
        if (!(intersects(&c->cov, &t->top[i]) && intersects(&c->cov, &t->bottom[i])))
            c->binding[c->nbinding++] = (int)i;
}

static mask_t anchors(cover_t *c, const table_t *t, const turn_t *turn) {
    mask_t ok = turn->fit, touch = {{0}};
    for (int j = 0; j < turn->noff; j++) {
        int o = (int)turn->offs[j];
        if (!(c->have[o >> 6] >> (o & 63) & 1)) {
            c->have[o >> 6] |= 1ULL << (o & 63);
            c->free_at[o] = shr(&c->free_cells, o);
            c->near_at[o] = shr(&c->halo, o);
        }
        for (int i = 0; i < MAXW; i++) {
            touch.w[i] |= c->near_at[o].w[i];  /* race.reach: touching the halo */
            ok.w[i] &= c->free_at[o].w[i];     /* every cell free */
        }
    }
    for (int i = 0; i < MAXW; i++) ok.w[i] &= touch.w[i];
    for (int e = 0; e < c->nbinding && any(&ok); e++) {  /* klondike1896's _edge_check */
        int r = c->binding[e];
        for (int i = 0; i < MAXW; i++) {
            uint64_t cross = turn->cross[r].w[i] & ok.w[i];
            while (cross) {
                int a = i * 64 + __builtin_ctzll(cross);
                cross &= cross - 1;
                mask_t m = shl(&turn->shape, a), with;
                for (int j = 0; j < MAXW; j++) with.w[j] = c->cov.w[j] | m.w[j];
                if (!(intersects(&with, &t->top[r]) && intersects(&with, &t->bottom[r])))
                    ok.w[i] &= ~(1ULL << (a & 63));
            }
        }
    }
    return ok;
}

/* The seat's record from the arguments (covered, halo, used, laid, slots); -1 on error. */
typedef struct {
    mask_t covered, halo;
    long long used;
    long slots;
    Py_ssize_t nlaid;
    PyObject *laid;
} seat_t;

static int seat_of(PyObject *const *args, const table_t *t, seat_t *seat) {
    if (words_of(args[0], seat->covered.w, MAXW) < 0 || words_of(args[1], seat->halo.w, MAXW) < 0)
        return -1;
    seat->used = PyLong_AsLongLong(args[2]);
    if (seat->used == -1 && PyErr_Occurred()) return -1;
    seat->slots = PyLong_AsLong(args[4]);
    if (seat->slots == -1 && PyErr_Occurred()) return -1;
    if (seat->slots < 0 || seat->slots > t->slots || seat->used < 0) {
        PyErr_SetString(PyExc_ValueError, "legal_bits: slots or used out of range");
        return -1;
    }
    if (!PyList_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError, "legal_bits: laid must be a list");
        return -1;
    }
    seat->laid = args[3];
    seat->nlaid = PyList_GET_SIZE(args[3]);
    if (seat->nlaid > t->boards) {
        PyErr_SetString(PyExc_ValueError, "legal_bits: more boards laid than a seat has");
        return -1;
    }
    return 0;
}

/* race.legal_python's bits into `out` (zeroed by the caller); -1 on error. */
static int search(const table_t *t, const seat_t *seat, uint64_t *out, Py_ssize_t out_words) {
    set_bit(out, t->wait);
    if (!seat->used && seat->nlaid < t->boards) {
        unsigned laid_designs = 0;
        for (Py_ssize_t i = 0; i < seat->nlaid; i++) {
            long code = PyLong_AsLong(PyList_GET_ITEM(seat->laid, i));
            if (code == -1 && PyErr_Occurred()) return -1;
            if (code >= 0 && code / t->rotations < MAXBOARDS)
                laid_designs |= 1u << (code / t->rotations);
        }
        for (int64_t d = 0; d < t->boards; d++)
            if (!(laid_designs >> d & 1))
                for (int64_t k = 0; k < t->rotations; k++) set_bit(out, t->lay_at[d] + k);
    }
    if (seat->nlaid) {
        cover_t c;
        cover_init(&c, t, &seat->covered, &seat->halo, seat->nlaid);
        for (long slot = 0; slot < seat->slots; slot++) {
            if (slot < 63 && (seat->used >> slot & 1)) continue;
            for (int64_t k = 0; k < t->nturns[slot]; k++) {
                const turn_t *turn = &t->turns[slot][k];
                mask_t ok = anchors(&c, t, turn);
                if (any(&ok))
                    or_shifted(out, out_words, &ok,
                               t->place_base + slot * t->per_slot + turn->rot * t->cells);
            }
        }
    }
    if (seat->used) set_bit(out, t->declare);
    return 0;
}

static PyObject *legal_bits(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "legal_bits(table, covered, halo, used, laid, slots)");
        return NULL;
    }
    const table_t *t = table_of(args[0]);
    seat_t seat;
    if (t == NULL || seat_of(args + 1, t, &seat) < 0) return NULL;
    Py_ssize_t out_words = (t->size + 63) / 64;
    uint64_t stack[OUT_WORDS];
    uint64_t *out = out_words <= OUT_WORDS ? stack : (uint64_t *)PyMem_Malloc((size_t)out_words * 8);
    if (out == NULL) return PyErr_NoMemory();
    memset(out, 0, (size_t)out_words * 8);
    PyObject *result = NULL;
    if (search(t, &seat, out, out_words) == 0)
        result = _PyLong_FromByteArray((const unsigned char *)out, (size_t)out_words * 8, 1, 0);
    if (out != stack) PyMem_Free(out);
    return result;
}

/* The index-th lowest set bit of `words` words, or -1 (fewer bits set). */
static Py_ssize_t nth_of(const uint64_t *w, Py_ssize_t words, long long want) {
    for (Py_ssize_t i = 0; i < words && want >= 0; i++) {
        int count = __builtin_popcountll(w[i]);
        if (want >= count) {
            want -= count;
            continue;
        }
        uint64_t c = w[i];
        while (want--) c &= c - 1;
        return i * 64 + __builtin_ctzll(c);
    }
    return -1;
}

static PyObject *random_choice(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 7) {
        PyErr_SetString(PyExc_TypeError,
                        "random_choice(table, covered, halo, used, laid, slots, below)");
        return NULL;
    }
    const table_t *t = table_of(args[0]);
    seat_t seat;
    if (t == NULL || seat_of(args + 1, t, &seat) < 0) return NULL;
    Py_ssize_t out_words = (t->size + 63) / 64;
    uint64_t stack[OUT_WORDS];
    uint64_t *out = out_words <= OUT_WORDS ? stack : (uint64_t *)PyMem_Malloc((size_t)out_words * 8);
    if (out == NULL) return PyErr_NoMemory();
    memset(out, 0, (size_t)out_words * 8);
    PyObject *result = NULL;
    if (search(t, &seat, out, out_words) == 0) {
        long long count = 0;
        for (Py_ssize_t i = 0; i < out_words; i++) count += __builtin_popcountll(out[i]);
        PyObject *n = PyLong_FromLongLong(count);
        PyObject *drawn = n == NULL ? NULL : PyObject_CallOneArg(args[6], n);
        Py_XDECREF(n);
        if (drawn != NULL) {
            long long index = PyLong_AsLongLong(drawn);
            Py_DECREF(drawn);
            if (!(index == -1 && PyErr_Occurred())) {
                Py_ssize_t action = index < 0 ? -1 : nth_of(out, out_words, index);
                if (action < 0)
                    PyErr_SetString(PyExc_IndexError, "random_choice: below drew past the count");
                else
                    result = PyLong_FromSsize_t(action);
            }
        }
    }
    if (out != stack) PyMem_Free(out);
    return result;
}

static PyObject *slot_offsets(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "slot_offsets(table, covered, halo, boards, slot)");
        return NULL;
    }
    const table_t *t = table_of(args[0]);
    if (t == NULL) return NULL;
    mask_t covered, halo;
    if (words_of(args[1], covered.w, MAXW) < 0 || words_of(args[2], halo.w, MAXW) < 0)
        return NULL;
    long nlaid = PyLong_AsLong(args[3]), slot = PyLong_AsLong(args[4]);
    if (PyErr_Occurred()) return NULL;
    if (nlaid < 0 || nlaid > t->boards || slot < 0 || slot >= t->slots) {
        PyErr_SetString(PyExc_ValueError, "slot_offsets: boards or slot out of range");
        return NULL;
    }
    PyObject *out = PyList_New(0);
    if (out == NULL) return NULL;
    cover_t c;
    cover_init(&c, t, &covered, &halo, nlaid);
    for (int64_t k = 0; k < t->nturns[slot]; k++) {
        const turn_t *turn = &t->turns[slot][k];
        mask_t ok = anchors(&c, t, turn);
        for (int i = 0; i < MAXW; i++) {
            uint64_t left = ok.w[i];
            while (left) {
                int a = i * 64 + __builtin_ctzll(left);
                left &= left - 1;
                PyObject *v = PyLong_FromLongLong(turn->rot * t->cells + a);
                if (v == NULL || PyList_Append(out, v) < 0) {
                    Py_XDECREF(v);
                    Py_DECREF(out);
                    return NULL;
                }
                Py_DECREF(v);
            }
        }
    }
    return out;
}

static PyObject *nth_bit(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "nth_bit(bits, i)");
        return NULL;
    }
    PyObject *bits = args[0];
    if (!PyLong_Check(bits) || _PyLong_Sign(bits) < 0) {
        PyErr_SetString(PyExc_ValueError, "nth_bit: bits must be a non-negative int");
        return NULL;
    }
    long long want = PyLong_AsLongLong(args[1]);
    if (want == -1 && PyErr_Occurred()) return NULL;
    size_t nbits = _PyLong_NumBits(bits);
    Py_ssize_t words = (Py_ssize_t)((nbits + 63) / 64);
    uint64_t stack[128], *w = words <= 128 ? stack : (uint64_t *)PyMem_Malloc((size_t)words * 8);
    if (w == NULL) return PyErr_NoMemory();
    PyObject *result = NULL;
    if (words && words_of(bits, w, words) < 0) goto done;
    Py_ssize_t at = want < 0 ? -1 : nth_of(w, words, want);
    if (at >= 0)
        result = PyLong_FromSsize_t(at);
    else
        PyErr_SetString(PyExc_IndexError, "nth_bit: fewer set bits than that");
done:
    if (w != stack) PyMem_Free(w);
    return result;
}

static PyObject *bit_list(PyObject *self, PyObject *bits) {
    if (!PyLong_Check(bits) || _PyLong_Sign(bits) < 0) {
        PyErr_SetString(PyExc_ValueError, "bit_list: bits must be a non-negative int");
        return NULL;
    }
    size_t nbits = _PyLong_NumBits(bits);
    Py_ssize_t words = (Py_ssize_t)((nbits + 63) / 64);
    uint64_t stack[128], *w = words <= 128 ? stack : (uint64_t *)PyMem_Malloc((size_t)words * 8);
    if (w == NULL) return PyErr_NoMemory();
    PyObject *out = NULL;
    if (words && words_of(bits, w, words) < 0) goto done;
    Py_ssize_t count = 0;
    for (Py_ssize_t i = 0; i < words; i++) count += __builtin_popcountll(w[i]);
    out = PyList_New(count);
    if (out == NULL) goto done;
    Py_ssize_t k = 0;
    for (Py_ssize_t i = 0; i < words; i++) {
        uint64_t left = w[i];
        while (left) {
            PyObject *v = PyLong_FromSsize_t(i * 64 + __builtin_ctzll(left));
            if (v == NULL) {
                Py_CLEAR(out);
                goto done;
            }
            PyList_SET_ITEM(out, k++, v);
            left &= left - 1;
        }
    }
done:
    if (w != stack) PyMem_Free(w);
    return out;
}

static PyObject *copy_two_levels(PyObject *self, PyObject *values) {
    if (!PyList_CheckExact(values)) {
        PyErr_SetString(PyExc_TypeError, "copy_two_levels(list)");
        return NULL;
    }
    Py_ssize_t n = PyList_GET_SIZE(values);
    PyObject *out = PyList_New(n);
    if (out == NULL) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = PyList_GET_ITEM(values, i);
        if (PyList_CheckExact(v)) {  /* ``type(v) is list``: a shallow copy, ``v[:]`` */
            v = PyList_GetSlice(v, 0, PyList_GET_SIZE(v));
            if (v == NULL) {
                Py_DECREF(out);
                return NULL;
            }
        } else {
            Py_INCREF(v);
        }
        PyList_SET_ITEM(out, i, v);
    }
    return out;
}

static PyMethodDef methods[] = {
    {"copy_two_levels", (PyCFunction)copy_two_levels, METH_O,
     "copy_two_levels(values): a list's copy with each list in it copied"},
    {"bit_list", (PyCFunction)bit_list, METH_O,
     "The set bits of a non-negative int, ascending, as a list."},
    {"legal_bits", (PyCFunction)(void (*)(void))legal_bits, METH_FASTCALL,
     "race.legal_python's bit set of a seat's choices (module doc)."},
    {"random_choice", (PyCFunction)(void (*)(void))random_choice, METH_FASTCALL,
     "legal_bits' i-th action for i = below(its count), without the int (module doc)."},
    {"slot_offsets", (PyCFunction)(void (*)(void))slot_offsets, METH_FASTCALL,
     "race.legal_offsets' list for a cover, by the same search (module doc)."},
    {"nth_bit", (PyCFunction)(void (*)(void))nth_bit, METH_FASTCALL,
     "The i-th lowest set bit of a non-negative int."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_council_race", NULL, -1, methods};

PyMODINIT_FUNC PyInit__council_race(void) { return PyModule_Create(&module); }

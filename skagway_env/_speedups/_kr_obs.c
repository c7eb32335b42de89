/* Klondike Rush's observation tensor in C: the twin of
 * skagway_env/games/klondike_rush/observation.py::encode_python (issue 21).
 *
 * encode(state, player) -> a new float32 numpy array, bit for bit what the Python
 * encoder returns (tests/test_compiled_encoders.py plays games both ways). It reads the
 * state's plain attributes (ints and lists of ints) and the lot's company cards, and
 * writes every block afresh: the head, the board (a mine and a token one-hot a space),
 * the observer's order cards, every seat's public block (observer first) and the cards
 * turned up. The Python encoder's caches (state._board, state._rows and its dirty
 * seats) are neither read nor touched: writing the blocks here costs less than keeping
 * them.
 *
 * init(...) hands over, once, numpy.empty, float32 and the layout sizes, checked
 * against what this file writes. Anything unexpected (a phase, seat, card, mine, token
 * or status out of range, a value that is not an int, a list of the wrong length)
 * raises; nothing is clipped. No numpy C API: the array comes from numpy.empty, filled
 * through the buffer protocol.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#define MAX_SEATS 5
#define PHASES 11
#define COMPANIES 4
#define TOKENS 6
#define STATUSES 4
#define LOT 2
#define CARD_FEATURES (1 + 2 * COMPANIES + 1)
#define HEAD (PHASES + 2 * MAX_SEATS + 6 + LOT * CARD_FEATURES + 1 + MAX_SEATS \
              + MAX_SEATS * STATUSES + COMPANIES + 1)
#define SPACE_FEATURES (COMPANIES + 1 + TOKENS)
#define SEAT_FIXED (2 + 2 * COMPANIES + TOKENS + 4)  /* a seat's block less its orders */
#define MAX_ORDERS 128
#define MAX_LIST 512

static PyObject *np_empty, *np_float32;

enum {
    A_GAME, A_NUM_PLAYERS, A_COMPONENTS, A_CARDS, A_NUM_ORDERS, A_OBS_SIZE, A_START_DECK,
    A_CHANCE_PHASES, A_PHASE, A_TO_MOVE, A_ACTIVE, A_LAST_ROUND, A_TURNS_LEFT, A_ACTED,
    A_DRAWS_LEFT, A_DECK, A_ORDER_DECK, A_LOT, A_INVEST, A_MINES, A_CRATES, A_HIGH_BID,
    A_HIGH_BIDDER, A_STATUS, A_TRACK, A_SPACE_MINE, A_SPACE_TOKEN, A_HAND, A_MONEY,
    A_UNUSED, A_TOKENS, A_COMPLETED, A_PROFIT_USED, A_LAST_BID_CARD, A_CARDS_WON, N_NAMES
};
static const char *NAMES[N_NAMES] = {
    "game", "num_players", "components", "cards", "num_orders", "obs_size", "start_deck",
    "CHANCE_PHASES", "phase", "to_move", "active", "last_round", "turns_left", "acted",
    "draws_left", "deck", "order_deck", "lot", "invest", "mines", "crates", "high_bid",
    "high_bidder", "status", "track", "space_mine", "space_token", "hand", "money",
    "unused", "tokens", "completed", "profit_used", "last_bid_card", "cards_won"};
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

/* o.<name>[q] as exactly `need` ints (o.<name> a list of n lists). */
static int attr_row(PyObject *o, int name, long n, long q, long *dst, Py_ssize_t need) {
    PyObject *v = PyObject_GetAttr(o, names[name]), **rows;
    Py_ssize_t m;
    if (v == NULL) return -1;
    int r = items_of(v, &rows, &m);
    if (r == 0 && m != n) r = bad_length(m, n, n);
    if (r == 0) r = longs_of(rows[q], dst, need, need, NULL);
    Py_DECREF(v);
    return r;
}

static int seat_index(long q, long n, const char *what) {
    if (q >= 0 && q < n) return 0;
    PyErr_Format(PyExc_ValueError, "%s %ld is no seat of %ld", what, q, n);
    return -1;
}

static long total(const long *v, Py_ssize_t m) {
    long sum = 0;
    for (Py_ssize_t i = 0; i < m; i++) sum += v[i];
    return sum;
}

/* ------------------------------------------------------------------ blocks */

/* The head: phase, seats to decide and active, progress, the lot, the auction, tracks. */
static int write_head(PyObject *s, PyObject *game, long player, long n, long deck_left,
                      float *h) {
    long phase, to_move, active, v, lot[LOT + 1], status[MAX_SEATS], track[COMPANIES];
    long buf[MAX_LIST];
    Py_ssize_t m, nlot;
    if (attr_long(s, A_PHASE, &phase) < 0) return -1;
    if (phase < 0 || phase >= PHASES) {
        PyErr_Format(PyExc_ValueError, "phase %ld outside 0..%d", phase, PHASES - 1);
        return -1;
    }
    h[phase] = 1.0f;
    PyObject *chance = PyObject_GetAttr(s, names[A_CHANCE_PHASES]);
    PyObject *phase_obj = chance ? PyObject_GetAttr(s, names[A_PHASE]) : NULL;
    int at_chance = phase_obj ? PySequence_Contains(chance, phase_obj) : -1;
    Py_XDECREF(chance);
    Py_XDECREF(phase_obj);
    if (at_chance < 0 || attr_long(s, A_TO_MOVE, &to_move) < 0) return -1;
    if (!at_chance && to_move >= 0) {
        if (seat_index(to_move, n, "to_move") < 0) return -1;
        h[PHASES + rel(to_move, player, n)] = 1.0f;
    }
    if (attr_long(s, A_ACTIVE, &active) < 0 || seat_index(active, n, "active") < 0) return -1;
    h[PHASES + MAX_SEATS + rel(active, player, n)] = 1.0f;
    float *p = h + PHASES + 2 * MAX_SEATS;
    if (attr_long(s, A_LAST_ROUND, &v) < 0) return -1;
    p[0] = (float)v;
    if (attr_long(s, A_TURNS_LEFT, &v) < 0) return -1;
    p[1] = (float)(v / 5.0);
    if (attr_long(s, A_ACTED, &v) < 0) return -1;
    p[2] = (float)(v / 5.0);
    if (attr_long(s, A_DRAWS_LEFT, &v) < 0) return -1;
    p[3] = (float)(v / 36.0);
    p[4] = (float)(deck_left / 36.0);
    if (attr_longs(s, A_ORDER_DECK, buf, 0, MAX_LIST, &m) < 0) return -1;
    p[5] = (float)(total(buf, m) / 32.0);
    p += 6;
    if (attr_longs(s, A_LOT, lot, 0, LOT, &nlot) < 0) return -1;
    if (nlot) {
        PyObject *comp = PyObject_GetAttr(game, names[A_COMPONENTS]);
        PyObject *cards = comp ? PyObject_GetAttr(comp, names[A_CARDS]) : NULL, **card_items;
        Py_ssize_t ncards;
        Py_XDECREF(comp);
        if (cards == NULL) return -1;
        if (items_of(cards, &card_items, &ncards) < 0) {
            Py_DECREF(cards);
            return -1;
        }
        for (Py_ssize_t slot = 0; slot < nlot; slot++) {
            float *f = p + slot * CARD_FEATURES;
            long invest[COMPANIES], mines[COMPANIES], crates;
            if (lot[slot] < 0 || lot[slot] >= ncards) {
                PyErr_Format(PyExc_ValueError, "company card %ld of %zd on auction", lot[slot], ncards);
                Py_DECREF(cards);
                return -1;
            }
            PyObject *card = card_items[lot[slot]];
            Py_INCREF(card);
            int r = attr_longs(card, A_INVEST, invest, COMPANIES, COMPANIES, NULL) < 0
                    || attr_longs(card, A_MINES, mines, COMPANIES, COMPANIES, NULL) < 0
                    || attr_long(card, A_CRATES, &crates) < 0;
            Py_DECREF(card);
            if (r) {
                Py_DECREF(cards);
                return -1;
            }
            f[0] = 1.0f;
            for (int k = 0; k < COMPANIES; k++) {
                f[1 + k] = (float)invest[k];
                f[1 + COMPANIES + k] = (float)mines[k];
            }
            f[1 + 2 * COMPANIES] = (float)crates;
        }
        Py_DECREF(cards);
    }
    p += LOT * CARD_FEATURES;
    if (attr_long(s, A_HIGH_BID, &v) < 0) return -1;
    p[0] = (float)(v / 50.0);
    if (attr_long(s, A_HIGH_BIDDER, &v) < 0) return -1;
    if (v >= 0) {
        if (seat_index(v, n, "high_bidder") < 0) return -1;
        p[1 + rel(v, player, n)] = 1.0f;
    }
    p += 1 + MAX_SEATS;
    if (attr_longs(s, A_STATUS, status, n, n, NULL) < 0) return -1;
    for (long q = 0; q < n; q++) {
        if (status[q] < 0 || status[q] >= STATUSES) {
            PyErr_Format(PyExc_ValueError, "auction status %ld outside 0..%d", status[q], STATUSES - 1);
            return -1;
        }
        p[STATUSES * rel(q, player, n) + status[q]] = 1.0f;
    }
    p += MAX_SEATS * STATUSES;
    if (attr_longs(s, A_TRACK, track, COMPANIES, COMPANIES, NULL) < 0) return -1;
    for (int k = 0; k < COMPANIES; k++) p[k] = (float)(track[k] / 11.0);
    if (attr_long(s, A_CRATES, &v) < 0) return -1;  /* the order cards to draw */
    p[COMPANIES] = (float)v;
    return 0;
}

/* The board: per space a mine one-hot (companies, town) and a token one-hot. */
static int write_board(PyObject *s, Py_ssize_t spaces, float *b) {
    PyObject *mine = PyObject_GetAttr(s, names[A_SPACE_MINE]);
    PyObject *token = mine ? PyObject_GetAttr(s, names[A_SPACE_TOKEN]) : NULL, **mi, **ti;
    Py_ssize_t nm, nt;
    int r = -1;
    if (token == NULL || items_of(mine, &mi, &nm) < 0 || items_of(token, &ti, &nt) < 0) goto done;
    if (nm != spaces || nt != spaces) {
        bad_length(nm != spaces ? nm : nt, spaces, spaces);
        goto done;
    }
    for (Py_ssize_t x = 0; x < spaces; x++) {
        long m, t;
        if (as_long(mi[x], &m) < 0 || as_long(ti[x], &t) < 0) goto done;
        if (m < -1 || m > COMPANIES || t < -1 || t >= TOKENS) {
            PyErr_Format(PyExc_ValueError, "space %zd: mine %ld, token %ld", x, m, t);
            goto done;
        }
        if (m >= 0) b[x * SPACE_FEATURES + m] = 1.0f;
        if (t >= 0) b[x * SPACE_FEATURES + COMPANIES + 1 + t] = 1.0f;
    }
    r = 0;
done:
    Py_XDECREF(mine);
    Py_XDECREF(token);
    return r;
}

/* Every seat's public block (observation.seat_row), observer first. */
enum { R_INVEST, R_UNUSED, R_TOKENS, R_COMPLETED, R_HAND, N_ROWS };
static const int ROW_NAMES[N_ROWS] = {A_INVEST, A_UNUSED, A_TOKENS, A_COMPLETED, A_HAND};

static int write_seats(PyObject *s, long n, long player, long k, float *out) {
    enum { S_MONEY, S_PROFIT_USED, S_LAST_BID_CARD, S_CARDS_WON, N_SCALARS };
    static const int SCALAR_NAMES[N_SCALARS] = {A_MONEY, A_PROFIT_USED, A_LAST_BID_CARD,
                                                A_CARDS_WON};
    const Py_ssize_t widths[N_ROWS] = {COMPANIES, COMPANIES, TOKENS, k, k};
    long scalars[N_SCALARS][MAX_SEATS], v[MAX_ORDERS];
    PyObject *lists[N_ROWS] = {NULL}, **rows[N_ROWS];
    Py_ssize_t m;
    int r = -1;
    for (int i = 0; i < N_SCALARS; i++)
        if (attr_longs(s, SCALAR_NAMES[i], scalars[i], n, n, NULL) < 0) return -1;
    for (int i = 0; i < N_ROWS; i++) {
        if ((lists[i] = PyObject_GetAttr(s, names[ROW_NAMES[i]])) == NULL) goto done;
        if (items_of(lists[i], &rows[i], &m) < 0) goto done;
        if (m != n) {
            bad_length(m, n, n);
            goto done;
        }
    }
    for (long at = 0; at < n; at++) {
        long q = (player + at) % n;
        float *f = out + at * (SEAT_FIXED + k);
        f[0] = 1.0f;
        f[1] = (float)(scalars[S_MONEY][q] / 100.0);
        f += 2;
        for (int i = 0; i < N_ROWS; i++) {
            if (longs_of(rows[i][q], v, widths[i], widths[i], NULL) < 0) goto done;
            if (i == R_HAND) {
                f[0] = (float)total(v, k);  /* order cards held */
            } else {
                for (Py_ssize_t j = 0; j < widths[i]; j++) f[j] = (float)v[j];
                f += widths[i];
            }
        }
        f[1] = (float)scalars[S_PROFIT_USED][q];
        f[2] = (float)scalars[S_LAST_BID_CARD][q];
        f[3] = (float)(scalars[S_CARDS_WON][q] / 10.0);
    }
    r = 0;
done:
    for (int i = 0; i < N_ROWS; i++) Py_XDECREF(lists[i]);
    return r;
}

/* ------------------------------------------------------------------ encode */

static PyObject *encode(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (np_empty == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "_kr_obs.init was not called");
        return NULL;
    }
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "encode(state, player)");
        return NULL;
    }
    PyObject *s = args[0], *game = NULL, *comp = NULL, *obj = NULL, *arr = NULL;
    long player, n, k, start[MAX_LIST], deck[MAX_LIST], hand[MAX_ORDERS];
    Py_ssize_t size, ncards, spaces;
    float *out;

    if (as_long(args[1], &player) < 0 || attr_long(s, A_NUM_PLAYERS, &n) < 0) return NULL;
    if (n < 1 || n > MAX_SEATS || player < 0 || player >= n) {
        PyErr_Format(PyExc_ValueError, "seat %ld of %ld players (1..%d)", player, n, MAX_SEATS);
        return NULL;
    }
    if ((game = PyObject_GetAttr(s, names[A_GAME])) == NULL
        || (comp = PyObject_GetAttr(game, names[A_COMPONENTS])) == NULL
        || attr_long(comp, A_NUM_ORDERS, &k) < 0
        || (obj = PyObject_GetAttr(comp, names[A_CARDS])) == NULL
        || (ncards = PyObject_Size(obj)) < 0)
        goto fail;
    Py_CLEAR(obj);
    if ((obj = PyObject_GetAttr(game, names[A_OBS_SIZE])) == NULL
        || ((size = PyLong_AsSsize_t(obj)) < 0 && PyErr_Occurred()))
        goto fail;
    Py_CLEAR(obj);
    if ((obj = PyObject_GetAttr(s, names[A_SPACE_MINE])) == NULL || (spaces = PyObject_Size(obj)) < 0)
        goto fail;
    Py_CLEAR(obj);
    if (k < 0 || k > MAX_ORDERS || ncards > MAX_LIST
        || size != HEAD + spaces * SPACE_FEATURES + k + MAX_SEATS * (SEAT_FIXED + k) + ncards) {
        PyErr_Format(PyExc_ValueError, "a layout of %zd features for %zd spaces, %ld order kinds "
                     "and %zd cards is not the one this encoder writes", size, spaces, k, ncards);
        goto fail;
    }
    if (attr_longs(s, A_DECK, deck, ncards, ncards, NULL) < 0) goto fail;
    if ((arr = new_tensor(size, &out)) == NULL
        || write_head(s, game, player, n, total(deck, ncards), out) < 0
        || write_board(s, spaces, out + HEAD) < 0
        || attr_row(s, A_HAND, n, player, hand, k) < 0)
        goto fail;
    float *f = out + HEAD + spaces * SPACE_FEATURES;
    for (long i = 0; i < k; i++) f[i] = (float)hand[i];
    f += k;
    if (write_seats(s, n, player, k, f) < 0) goto fail;
    f += MAX_SEATS * (SEAT_FIXED + k);
    /* the company cards turned up: in play at the start and out of the deck */
    if (attr_longs(game, A_START_DECK, start, ncards, ncards, NULL) < 0) goto fail;
    for (Py_ssize_t c = 0; c < ncards; c++) f[c] = (float)(start[c] != 0 && deck[c] == 0);
    Py_DECREF(game);
    Py_DECREF(comp);
    return arr;
fail:
    Py_XDECREF(game);
    Py_XDECREF(comp);
    Py_XDECREF(obj);
    Py_XDECREF(arr);
    return NULL;
}

/* ------------------------------------------------------------------ init */

static PyObject *init(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *kw[] = {"empty", "float32", "max_seats", "phases", "companies", "tokens",
                         "statuses", "lot", "head", "seat_fixed", NULL};
    PyObject *empty, *f32;
    long seats, phases, companies, tokens, statuses, lot, head, seat_fixed;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "$OOllllllll", kw, &empty, &f32, &seats,
                                     &phases, &companies, &tokens, &statuses, &lot, &head,
                                     &seat_fixed))
        return NULL;
    if (seats != MAX_SEATS || phases != PHASES || companies != COMPANIES || tokens != TOKENS
        || statuses != STATUSES || lot != LOT || head != HEAD || seat_fixed != SEAT_FIXED) {
        PyErr_SetString(PyExc_ValueError, "the Python layout is not the one this encoder writes");
        return NULL;
    }
    if (keep_numpy(empty, f32) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"init", (PyCFunction)(void (*)(void))init, METH_VARARGS | METH_KEYWORDS,
     "init(*, empty, float32, max_seats, phases, companies, tokens, statuses, lot, head, "
     "seat_fixed): "
     "the Python side's constants, once."},
    {"encode", (PyCFunction)(void (*)(void))encode, METH_FASTCALL,
     "encode(state, player) -> float32 array: observation.encode_python's tensor."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_kr_obs",
                                    "Klondike Rush's observation encoder in C.", -1, methods};

PyMODINIT_FUNC PyInit__kr_obs(void) {
    if (intern_names(NAMES, names, N_NAMES) < 0) return NULL;
    return PyModule_Create(&module);
}

/* Klondike 1896's observation tensor in C: the twin of
 * skagway_env/games/klondike1896/observation.py::encode_python (issue 21).
 *
 * encode(state, player) -> a new float32 numpy array, bit for bit what the Python
 * encoder returns (tests/test_compiled_encoders.py plays games both ways). It reads the
 * state's plain attributes (ints and lists of ints) and writes every block afresh: the
 * Python encoder keeps blocks because building them in Python is dear, while here
 * writing them costs less than keying a cache. Two things stay Python and are called
 * back: state.current_player() and, with secret rubies, known_rubies(state, q, False)
 * when the state's kept bounds are stale. The terrain of an arrangement
 * (game.terrain: gold pieces / 3, ruby spaces) is kept as float32 bytes in
 * game.planes_cache under (tag, tuple(arrangement)).
 *
 * init(...) hands over, once, the Python side's constants and callables (numpy.empty,
 * float32, the phase numbers, the layout sizes, checked against what this file
 * writes). Anything unexpected (a phase, seat, claim or cell out of range, a value
 * that is not an int, a mask with bits past the grid) raises; nothing is clipped.
 * No numpy C API: the array comes from numpy.empty, filled through the buffer protocol.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#define SEATS 4
#define PHASES 7
#define MAX_ROWS 7
#define SEAT_SCALARS 11
#define PLANES 4
#define MAX_BYTES 512  /* grids up to 4096 cells */
#define MAX_CLAIMS 64
#define MAX_BOARDS 5
#define CODE_BITS 12  /* a board code (design and turn) below 4096 */
#define CACHE_LIMIT 20000  /* as observation._planes: game.planes_cache is cleared past it */

static PyObject *np_empty, *np_float32, *known_rubies_fn, *terrain_tag;
static long phase_auction, phase_place, phase_extra;

enum {
    A_GAME, A_NUM_PLAYERS, A_COMPONENTS, A_CLAIMS, A_GRID, A_CELLS, A_PHASE, A_ROUND,
    A_FIRST, A_PAWN, A_BID, A_EXTRA_HIGH, A_EXTRA_BID, A_EXTRA_PASSES, A_WON, A_SUPPLY,
    A_EXTRA_LEFT, A_ROWS, A_LEDGER, A_PATHS, A_ARRANGEMENT, A_COVERED, A_GOLD, A_RUBIES,
    A_FRESH, A_FINISHED, A_DEDUCTION, A_PAID, A_KNOWN_BOUNDS, A_PLANES_CACHE,
    A_CURRENT_PLAYER, A_OBSERVATION_SIZE, A_TERRAIN, N_NAMES
};
static const char *NAMES[N_NAMES] = {
    "game", "num_players", "components", "claims", "grid", "cells", "phase", "round",
    "first", "pawn", "bid", "extra_high", "extra_bid", "extra_passes", "won", "supply",
    "extra_left", "rows", "ledger", "paths", "arrangement", "covered", "gold", "rubies",
    "fresh", "finished", "deduction", "paid", "_known_bounds", "planes_cache",
    "current_player", "observation_size", "terrain"};
static PyObject *names[N_NAMES];

#include "twin.h"  /* as_long, attr_long, items_of, longs_of, rel, new_tensor, keep_numpy, intern_names */

/* ------------------------------------------------------------------ helpers */

/* state.<name> as exactly n ints. */
static int attr_longs(PyObject *o, int name, long *dst, Py_ssize_t n) {
    PyObject *v = PyObject_GetAttr(o, names[name]);
    if (v == NULL) return -1;
    int r = longs_of(v, dst, n, n, NULL);
    Py_DECREF(v);
    return r;
}

static int put(float *out, Py_ssize_t size, long i, float v) {
    if (i < 0 || i >= size) {
        PyErr_Format(PyExc_IndexError, "feature %ld outside the tensor's %zd", i, size);
        return -1;
    }
    out[i] = v;
    return 0;
}

/* EXPAND[b]: byte b's eight bits, lowest first, as 0/1 floats. */
static float EXPAND[256][8];

/* A non-negative int mask over `cells` bits as a 0/1 plane (numpy.unpackbits of its
 * little-endian bytes, as observation._plane; int.to_bytes refuses a negative mask or
 * one past the bytes, and bits past the grid are refused here too). */
static int mask_plane(PyObject *mask, float *dst, long cells) {
    unsigned char bytes[MAX_BYTES];
    Py_ssize_t nbytes = (cells + 7) / 8;
    if (!PyLong_Check(mask)) {
        PyErr_Format(PyExc_TypeError, "a mask must be an int, got %.100s", Py_TYPE(mask)->tp_name);
        return -1;
    }
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t need = PyLong_AsNativeBytes(
        mask, bytes, nbytes, Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER
                                 | Py_ASNATIVEBYTES_REJECT_NEGATIVE);
    if (need < 0) return -1;
    if (need > nbytes) {
        PyErr_Format(PyExc_OverflowError, "a mask with bits past the %ld cells", cells);
        return -1;
    }
#else
    if (_PyLong_AsByteArray((PyLongObject *)mask, bytes, (size_t)nbytes, 1, 0) < 0) return -1;
#endif
    if (cells % 8 && bytes[nbytes - 1] >> (cells % 8)) {
        PyErr_Format(PyExc_OverflowError, "a mask with bits past the %ld cells", cells);
        return -1;
    }
    Py_ssize_t whole = cells / 8;
    for (Py_ssize_t i = 0; i < whole; i++)
        if (bytes[i]) memcpy(dst + 8 * i, EXPAND[bytes[i]], sizeof EXPAND[0]);
    if (cells % 8 && bytes[whole]) memcpy(dst + 8 * whole, EXPAND[bytes[whole]], (cells % 8) * 4);
    return 0;
}

/* ------------------------------------------------------------------ pieces */

/* The float32 terrain planes of an arrangement: gold pieces / 3 then ruby spaces.
 * Kept in game.planes_cache[tag], a dict whose keys pack the board codes (and their
 * count) into one int: building no tuple keeps the garbage collector away. */
static PyObject *terrain_planes(PyObject *game, PyObject *arrangement, PyObject *const *boards,
                                Py_ssize_t nboards, long cells) {
    unsigned long long packed = (unsigned long long)nboards;
    long code;
    for (Py_ssize_t i = 0; i < nboards; i++) {
        if (as_long(boards[i], &code) < 0) return NULL;
        if (code < 0 || code >= 1L << CODE_BITS) {
            PyErr_Format(PyExc_ValueError, "a board code %ld outside 0..%ld", code,
                         (1L << CODE_BITS) - 1);
            return NULL;
        }
        packed |= (unsigned long long)code << (4 + CODE_BITS * i);
    }
    PyObject *outer = PyObject_GetAttr(game, names[A_PLANES_CACHE]);
    if (outer == NULL) return NULL;
    if (!PyDict_Check(outer)) {
        Py_DECREF(outer);
        PyErr_SetString(PyExc_TypeError, "game.planes_cache must be a dict");
        return NULL;
    }
    PyObject *cache = PyDict_GetItemWithError(outer, terrain_tag);
    if (cache == NULL) {
        if (PyErr_Occurred() || (cache = PyDict_New()) == NULL) {
            Py_DECREF(outer);
            return NULL;
        }
        int r = PyDict_SetItem(outer, terrain_tag, cache);
        Py_DECREF(cache);  /* planes_cache holds it */
        if (r < 0) {
            Py_DECREF(outer);
            return NULL;
        }
    } else if (!PyDict_Check(cache)) {
        Py_DECREF(outer);
        PyErr_SetString(PyExc_TypeError, "game.planes_cache[tag] must be a dict");
        return NULL;
    }
    Py_INCREF(cache);
    Py_DECREF(outer);
    PyObject *key = PyLong_FromUnsignedLongLong(packed);
    if (key == NULL) {
        Py_DECREF(cache);
        return NULL;
    }
    PyObject *found = PyDict_GetItemWithError(cache, key);
    if (found != NULL) {
        Py_INCREF(found);
    } else if (!PyErr_Occurred()) {
        PyObject *terrain = PyObject_CallMethodOneArg(game, names[A_TERRAIN], arrangement);
        PyObject **parts, **gold, **ruby;
        Py_ssize_t np, ng, nr;
        if (terrain && items_of(terrain, &parts, &np) == 0 && np == 2
            && items_of(parts[0], &gold, &ng) == 0 && items_of(parts[1], &ruby, &nr) == 0) {
            if (ng != cells || nr != cells) {
                bad_length(ng != cells ? ng : nr, cells, cells);
            } else if ((found = PyBytes_FromStringAndSize(NULL, 2 * cells * 4)) != NULL) {
                float *f = (float *)PyBytes_AS_STRING(found);
                long g, r;
                for (long c = 0; c < cells && found; c++) {
                    if (as_long(gold[c], &g) < 0 || as_long(ruby[c], &r) < 0) {
                        Py_CLEAR(found);
                        break;
                    }
                    f[c] = (float)g / 3.0f;  /* float32 division, as numpy's */
                    f[cells + c] = (float)r;
                }
            }
        } else if (terrain && !PyErr_Occurred()) {
            PyErr_SetString(PyExc_TypeError, "game.terrain must give (gold, rubies)");
        }
        Py_XDECREF(terrain);
        if (found != NULL) {
            if (PyDict_GET_SIZE(cache) > CACHE_LIMIT) PyDict_Clear(cache);
            if (PyDict_SetItem(cache, key, found) < 0) Py_CLEAR(found);
        }
    }
    Py_DECREF(key);
    Py_DECREF(cache);
    return found;
}

/* What the observer knows of seat q's rubies when it does not see them: the bounds
 * the state keeps (observation.known_rubies' cache, checked by its stamp), else
 * known_rubies(state, q, False). */
static int hidden_known(PyObject *s, long q, PyObject *paths_q, PyObject *ledger, long known[4]) {
    PyObject *kept = PyObject_GetAttr(s, names[A_KNOWN_BOUNDS]);
    if (kept == NULL) return -1;
    PyObject *bounds = NULL;
    if (PyList_Check(kept) && q < PyList_GET_SIZE(kept)) {
        PyObject *entry = PyList_GET_ITEM(kept, q), **ledgers;
        Py_ssize_t nl;
        if (PyTuple_Check(entry) && PyTuple_GET_SIZE(entry) == 2
            && items_of(ledger, &ledgers, &nl) == 0 && q < nl && PySequence_Check(paths_q)) {
            PyObject *stamp = PyTuple_GET_ITEM(entry, 0);
            Py_ssize_t lp = PySequence_Size(paths_q), ll = PySequence_Size(ledgers[q]);
            if (lp < 0 || ll < 0) {
                Py_DECREF(kept);
                return -1;
            }
            if (PyTuple_Check(stamp) && PyTuple_GET_SIZE(stamp) == 2
                && PyLong_Check(PyTuple_GET_ITEM(stamp, 0)) && PyLong_Check(PyTuple_GET_ITEM(stamp, 1))
                && PyLong_AsSsize_t(PyTuple_GET_ITEM(stamp, 0)) == lp
                && PyLong_AsSsize_t(PyTuple_GET_ITEM(stamp, 1)) == ll) {
                bounds = PyTuple_GET_ITEM(entry, 1);
                Py_INCREF(bounds);
            }
        }
        if (PyErr_Occurred()) {
            Py_DECREF(kept);
            return -1;
        }
    }
    Py_DECREF(kept);
    if (bounds == NULL) {
        PyObject *seat = PyLong_FromLong(q);
        if (seat == NULL) return -1;
        PyObject *args[3] = {s, seat, Py_False};
        bounds = PyObject_Vectorcall(known_rubies_fn, args, 3, NULL);
        Py_DECREF(seat);
        if (bounds == NULL) return -1;
    }
    int r = longs_of(bounds, known, 4, 4, NULL);
    Py_DECREF(bounds);
    return r;
}

/* Seat q's block: its eleven scalars, then covered, last claim, gold / 3, rubies. */
static int seat_block(PyObject *s, PyObject *game, long q, int shown, long cells,
                      const long *gold, const long *rubies, const long *fresh,
                      const long *finished, const long *deduction, const long *paid,
                      PyObject *paths, PyObject *arrangements, PyObject *covered,
                      PyObject *ledger, float *dst) {
    PyObject **seat_paths, **boards, *path_q = PyList_GET_ITEM(paths, q);
    Py_ssize_t npaths, nboards;
    long known[4], last_board;
    if (shown) {
        known[0] = known[1] = rubies[q];
        known[2] = known[3] = fresh[q];
    } else {
        Py_INCREF(path_q);  /* known_rubies runs Python code */
        int r = hidden_known(s, q, path_q, ledger, known);
        Py_DECREF(path_q);
        if (r < 0) return -1;
        path_q = PyList_GET_ITEM(paths, q);
    }
    dst[0] = (float)(gold[q] / 50.0);
    dst[1] = shown ? (float)(rubies[q] / 10.0) : 0.0f;
    dst[2] = shown ? (float)(fresh[q] / 10.0) : 0.0f;
    dst[3] = shown ? 0.0f : 1.0f;
    dst[4] = (float)finished[q];
    dst[5] = (float)(deduction[q] / 50.0);
    dst[6] = (float)(paid[q] / 10.0);
    for (int k = 0; k < 4; k++) dst[7 + k] = (float)(known[k] / 10.0);
    float *planes = dst + SEAT_SCALARS;
    if (mask_plane(PyList_GET_ITEM(covered, q), planes, cells) < 0) return -1;
    if (items_of(path_q, &seat_paths, &npaths) < 0) return -1;
    if (npaths) {
        if (mask_plane(seat_paths[npaths - 1], planes + cells, cells) < 0) return -1;
    }
    PyObject *arrangement = PyList_GET_ITEM(arrangements, q);
    if (items_of(arrangement, &boards, &nboards) < 0) return -1;
    if (nboards < 1 || nboards > MAX_BOARDS) return bad_length(nboards, 1, MAX_BOARDS);
    if (as_long(boards[nboards - 1], &last_board) < 0) return -1;
    if (shown && last_board >= 0) {  /* laid: the terrain is known */
        Py_INCREF(arrangement);  /* game.terrain runs Python code */
        PyObject *terrain = terrain_planes(game, arrangement, boards, nboards, cells);
        Py_DECREF(arrangement);
        if (terrain == NULL) return -1;
        memcpy(planes + 2 * cells, PyBytes_AS_STRING(terrain), (size_t)(2 * cells) * 4);
        Py_DECREF(terrain);
    }
    return 0;
}

/* A state attribute that must be a list of n items (fetched into *out, a new ref). */
static int attr_list(PyObject *o, int name, long n, PyObject **out) {
    PyObject *v = PyObject_GetAttr(o, names[name]);
    if (v == NULL) return -1;
    if (!PyList_Check(v) || PyList_GET_SIZE(v) != n) {
        PyErr_Format(PyExc_TypeError, "state.%s must be a list of %ld items", NAMES[name], n);
        Py_DECREF(v);
        return -1;
    }
    *out = v;
    return 0;
}

/* ------------------------------------------------------------------ encode */

static PyObject *encode(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (np_empty == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "_k1896_obs.init was not called");
        return NULL;
    }
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "encode(state, player)");
        return NULL;
    }
    PyObject *s = args[0], *game = NULL, *obj = NULL, *arr = NULL;
    PyObject *paths = NULL, *arrangements = NULL, *covered = NULL, *ledger = NULL, *rows = NULL;
    long player, n, cells, t, phase, cur, rnd, first, v;
    long pawn[SEATS], bid[SEATS], won[SEATS], gold[SEATS], rubies[SEATS], fresh[SEATS];
    long finished[SEATS], deduction[SEATS], paid[SEATS], supply[MAX_CLAIMS];
    Py_ssize_t size, nsupply;
    float *out;

    if (as_long(args[1], &player) < 0 || attr_long(s, A_NUM_PLAYERS, &n) < 0) return NULL;
    if (n < 1 || n > SEATS || player < 0 || player >= n) {
        PyErr_Format(PyExc_ValueError, "seat %ld of %ld players (1..%d)", player, n, SEATS);
        return NULL;
    }
    if ((game = PyObject_GetAttr(s, names[A_GAME])) == NULL) return NULL;
    /* sizes: claim types and cells, and the layout they give */
    if ((obj = PyObject_GetAttr(game, names[A_COMPONENTS])) == NULL) goto fail;
    Py_SETREF(obj, PyObject_GetAttr(obj, names[A_CLAIMS]));
    if (obj == NULL || (t = (long)PyObject_Size(obj)) < 0) goto fail;
    Py_CLEAR(obj);
    if ((obj = PyObject_GetAttr(game, names[A_GRID])) == NULL || attr_long(obj, A_CELLS, &cells) < 0)
        goto fail;
    Py_CLEAR(obj);
    if ((obj = PyObject_CallMethodNoArgs(game, names[A_OBSERVATION_SIZE])) == NULL) goto fail;
    if ((size = PyLong_AsSsize_t(obj)) < 0 && PyErr_Occurred()) goto fail;
    Py_CLEAR(obj);
    long head = PHASES + 4 + 4 + 1 + SEATS * SEATS * 2 + 6 + SEATS * t;
    if (t < 1 || t > MAX_CLAIMS || cells < 0 || cells > 8 * MAX_BYTES
        || size != head + t + MAX_ROWS * SEATS * t + SEATS * (SEAT_SCALARS + PLANES * cells)) {
        PyErr_Format(PyExc_ValueError, "a layout of %zd features for %ld claim types and %ld "
                     "cells is not the one this encoder writes", size, t, cells);
        goto fail;
    }
    /* the seat to move: Python (the rules) before any borrowed item is held */
    if ((obj = PyObject_CallMethodNoArgs(s, names[A_CURRENT_PLAYER])) == NULL
        || as_long(obj, &cur) < 0)
        goto fail;
    Py_CLEAR(obj);
    if (attr_long(s, A_PHASE, &phase) < 0 || attr_long(s, A_ROUND, &rnd) < 0
        || attr_long(s, A_FIRST, &first) < 0)
        goto fail;
    if (phase < 0 || phase >= PHASES) {
        PyErr_Format(PyExc_ValueError, "phase %ld outside 0..%d", phase, PHASES - 1);
        goto fail;
    }
    if ((arr = new_tensor(size, &out)) == NULL) goto fail;
    out[phase] = 1.0f;
    if (cur >= 0 && put(out, size, PHASES + rel(cur, player, n), 1.0f) < 0) goto fail;
    out[PHASES + 4 + rel(first, player, n)] = 1.0f;
    out[PHASES + 8] = (float)(rnd / 50.0);
    long at = PHASES + 9;
    if (phase == phase_auction || phase == phase_place) {  /* [1)] the pawns' rubies */
        if (attr_longs(s, A_PAWN, pawn, n) < 0 || attr_longs(s, A_BID, bid, n) < 0) goto fail;
        for (long q = 0; q < n; q++) {
            if (pawn[q] < 0) continue;
            if (pawn[q] >= SEATS) {
                PyErr_Format(PyExc_ValueError, "a pawn on claim slot %ld", pawn[q]);
                goto fail;
            }
            long i = at + (pawn[q] * SEATS + rel(q, player, n)) * 2;
            out[i] = 1.0f;
            out[i + 1] = (float)(bid[q] / 10.0);
        }
    }
    at += SEATS * SEATS * 2;
    if (phase == phase_extra) {
        long high, passes;
        if (attr_long(s, A_EXTRA_HIGH, &high) < 0 || attr_long(s, A_EXTRA_BID, &v) < 0
            || attr_long(s, A_EXTRA_PASSES, &passes) < 0)
            goto fail;
        if (high >= 0) out[at + rel(high, player, n)] = 1.0f;
        out[at + 4] = (float)(v / 10.0);
        out[at + 5] = (float)(passes / 4.0);
    }
    at += 6;
    if (attr_longs(s, A_WON, won, n) < 0) goto fail;
    for (long q = 0; q < n; q++) {
        if (won[q] < 0) continue;
        if (won[q] >= t) {
            PyErr_Format(PyExc_ValueError, "a won claim of type %ld (of %ld)", won[q], t);
            goto fail;
        }
        out[at + rel(q, player, n) * t + won[q]] = 1.0f;
    }
    at += SEATS * t;
    /* the table: supply / 10 (float32 division, as numpy's), additional claims / 16, rows */
    if ((obj = PyObject_GetAttr(s, names[A_SUPPLY])) == NULL
        || longs_of(obj, supply, 0, t, &nsupply) < 0)
        goto fail;
    Py_CLEAR(obj);
    for (Py_ssize_t i = 0; i < nsupply; i++) out[at + i] = (float)supply[i] / 10.0f;
    if (attr_long(s, A_EXTRA_LEFT, &v) < 0) goto fail;
    out[at + t - 1] = (float)(v / 16.0);
    if ((rows = PyObject_GetAttr(s, names[A_ROWS])) == NULL) goto fail;
    {
        PyObject **row_items, **claims;
        Py_ssize_t nrows, nclaims;
        if (items_of(rows, &row_items, &nrows) < 0) goto fail;
        if (nrows > MAX_ROWS) {
            bad_length(nrows, 0, MAX_ROWS);
            goto fail;
        }
        for (Py_ssize_t r = 0; r < nrows; r++) {
            if (items_of(row_items[r], &claims, &nclaims) < 0) goto fail;
            if (nclaims > SEATS) {
                bad_length(nclaims, 0, SEATS);
                goto fail;
            }
            for (Py_ssize_t k = 0; k < nclaims; k++) {
                if (as_long(claims[k], &v) < 0) goto fail;
                if (v < 0 || v >= t) {
                    PyErr_Format(PyExc_ValueError, "a claim of type %ld (of %ld) in a row", v, t);
                    goto fail;
                }
                out[at + t + (r * SEATS + k) * t + v] = 1.0f;
            }
        }
    }
    at += t + MAX_ROWS * SEATS * t;
    /* the seats, observer first */
    if (attr_longs(s, A_GOLD, gold, n) < 0 || attr_longs(s, A_RUBIES, rubies, n) < 0
        || attr_longs(s, A_FRESH, fresh, n) < 0 || attr_longs(s, A_FINISHED, finished, n) < 0
        || attr_longs(s, A_DEDUCTION, deduction, n) < 0 || attr_longs(s, A_PAID, paid, n) < 0
        || attr_list(s, A_PATHS, n, &paths) < 0 || attr_list(s, A_ARRANGEMENT, n, &arrangements) < 0
        || attr_list(s, A_COVERED, n, &covered) < 0
        || (ledger = PyObject_GetAttr(s, names[A_LEDGER])) == NULL)
        goto fail;
    int hidden = PyObject_IsTrue(ledger);
    if (hidden < 0) goto fail;
    for (long r = 0; r < n; r++) {
        long q = (player + r) % n;
        if (seat_block(s, game, q, !hidden || q == player, cells, gold, rubies, fresh, finished,
                       deduction, paid, paths, arrangements, covered, ledger,
                       out + at + r * (SEAT_SCALARS + PLANES * cells)) < 0)
            goto fail;
    }
    Py_DECREF(game);
    Py_DECREF(paths);
    Py_DECREF(arrangements);
    Py_DECREF(covered);
    Py_DECREF(ledger);
    Py_DECREF(rows);
    return arr;
fail:
    Py_XDECREF(game);
    Py_XDECREF(obj);
    Py_XDECREF(arr);
    Py_XDECREF(paths);
    Py_XDECREF(arrangements);
    Py_XDECREF(covered);
    Py_XDECREF(ledger);
    Py_XDECREF(rows);
    return NULL;
}

/* ------------------------------------------------------------------ init */

static PyObject *init(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *kw[] = {"empty", "float32", "known_rubies", "terrain_tag", "auction", "place",
                         "extra", "seats", "phases", "max_rows", "seat_scalars", "planes", NULL};
    PyObject *empty, *f32, *known, *tag;
    long auction, place, extra, seats, phases, max_rows, scalars, planes;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "$OOOOllllllll", kw, &empty, &f32, &known, &tag,
                                     &auction, &place, &extra, &seats, &phases, &max_rows,
                                     &scalars, &planes))
        return NULL;
    if (seats != SEATS || phases != PHASES || max_rows != MAX_ROWS || scalars != SEAT_SCALARS
        || planes != PLANES) {
        PyErr_SetString(PyExc_ValueError, "the Python layout is not the one this encoder writes");
        return NULL;
    }
    if (!PyCallable_Check(known)) {
        PyErr_SetString(PyExc_TypeError, "known_rubies must be a callable");
        return NULL;
    }
    if (keep_numpy(empty, f32) < 0) return NULL;
    Py_INCREF(known);
    Py_XSETREF(known_rubies_fn, known);
    Py_INCREF(tag);
    Py_XSETREF(terrain_tag, tag);
    phase_auction = auction;
    phase_place = place;
    phase_extra = extra;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"init", (PyCFunction)(void (*)(void))init, METH_VARARGS | METH_KEYWORDS,
     "init(*, empty, float32, known_rubies, terrain_tag, auction, place, extra, seats, phases, "
     "max_rows, seat_scalars, planes): the Python side's constants, once."},
    {"encode", (PyCFunction)(void (*)(void))encode, METH_FASTCALL,
     "encode(state, player) -> float32 array: observation.encode_python's tensor."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_k1896_obs",
                                    "Klondike 1896's observation encoder in C.", -1, methods};

PyMODINIT_FUNC PyInit__k1896_obs(void) {
    if (intern_names(NAMES, names, N_NAMES) < 0) return NULL;
    for (int b = 0; b < 256; b++)
        for (int i = 0; i < 8; i++) EXPAND[b][i] = (float)((b >> i) & 1);
    return PyModule_Create(&module);
}

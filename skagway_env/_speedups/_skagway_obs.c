/* The C twin of skagway_env/games/skagway/observation.py::encode_python (issue 21).

   It writes exactly what the Python function writes, in the same order, into a fresh
   float32 numpy array: every value is computed in double precision as Python computes
   it and then rounded to float32 as numpy rounds it, so the tensors are equal bit for
   bit (tests/skagway/test_compiled_encoder.py plays games both ways).

   Nothing here knows the rules. What Python knows is handed over once, by init():
   the Stage and Location members in their one-hot order, the Hired Hand states, the
   worker-block offsets and the scales. What a game fixes (sizes, offsets, the Gold
   faces, the turn cap) is packed by layout() into a bytes object that observation.py
   caches on the game. encode(state, observer) then reads the state's fields from its
   __dict__ (borrowed references, after every call into Python code is done) and
   refuses (TypeError, ValueError, IndexError, KeyError) anything it does not expect
   instead of writing garbage.

   An enum field is matched by identity against the members first and, failing that,
   by string value: a deserialized state may hold the plain strings (stages.py). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#define MAX_SEATS 4
#define NUM_WORKERS 13
#define MAX_STAGES 64
#define MAX_LOCATIONS 64
#define MAX_FACES 16
#define LAYOUT_MAGIC 0x534b4f42L /* "SKOB": a bytes object layout() packed */

typedef struct {
    long magic;
    Py_ssize_t size;      /* the tensor's length */
    Py_ssize_t workers;   /* where the 13 worker blocks start */
    Py_ssize_t rest;      /* where the table tail starts */
    long num_players, prestige, gold_faces, rail_faces, goods, spaces;
    long cap;             /* params.max_turns */
    long top_in_play;     /* $4 counters the data file puts in play */
    long faces[MAX_FACES];
} Layout;

/* ------------------------------------------------------------ what init() stores */
static int ready = 0;
static PyObject *stages[MAX_STAGES];          /* Stage members, one-hot order */
static Py_ssize_t num_stages = 0;
static PyObject *locations[MAX_LOCATIONS];    /* Location members, then "unseen" */
static Py_ssize_t num_locations = 0;
static Py_ssize_t loc_out, loc_pool, loc_recruited, loc_unseen;
static PyObject *hand_recruited, *hand_active;
static long first_hand;                       /* HIRED_HANDS[0] */
static long worker_features, face_down_at, spots_at, bandit_at;
static long head_len;                         /* HEAD */
static double turn_scale, gold_scale, rail_scale, goods_scale;
static double spot_scale, bandit_scale, bribe_scale, die_scale;
static PyObject *empty_fn, *float32_dtype;  /* numpy.empty, numpy.dtype("float32") */

/* Field names, interned once (module init) */
enum {
    F_STAGE, F_TURN, F_FINAL_TURN, F_END_TRIGGERED, F_TRUNCATED, F_RECRUITED_BY,
    F_HAND_STATE, F_FIRST_PLAYER, F_RECRUITER, F_BUILDING_OWNER, F_RAIL_OWNER,
    F_DOCKS_OWNER, F_POINTS, F_PURCHASED_TRACK, F_KILLS, F_PRESTIGE, F_GOLD_HELD,
    F_RAIL_HELD, F_GOODS_HELD, F_BUILDING_SIDE, F_RECRUIT_POOL, F_LOC, F_FACE_DOWN,
    F_ACTIVE, F_MINES, F_RAILROAD, F_ASSAY, F_BANDITS, F_BANK, F_ROBBED, F_ROLLS,
    F_GOLD_SUPPLY, F_RAIL_SUPPLY, F_GOODS_DECK, F_GOODS_BOTTOM, F_GOODS_DIE, F_BRIBE,
    F_BOUGHT_THIS_TURN, F_TOP_GOLD_TURNED_IN, F_DEMAND, NUM_FIELDS
};
static const char *field_names[NUM_FIELDS] = {
    "stage", "turn", "final_turn", "end_triggered", "truncated", "recruited_by",
    "hand_state", "first_player", "recruiter", "building_owner", "rail_owner",
    "docks_owner", "points", "purchased_track", "kills", "prestige", "gold_held",
    "rail_held", "goods_held", "building_side", "recruit_pool", "loc", "face_down",
    "active", "mines", "railroad", "assay", "bandits", "bank", "robbed", "rolls",
    "gold_supply", "rail_supply", "goods_deck", "goods_bottom", "goods_die", "bribe",
    "bought_this_turn", "top_gold_turned_in", "demand",
};
static PyObject *field_keys[NUM_FIELDS];
static PyObject *str_game, *str_dict, *str_current_player, *str_layout_attr;
static PyObject *layout_factory;              /* observation._layout_c(game) */

/* ------------------------------------------------------------ small readers */

/* A Python int (bool included) as a long; anything else is refused. */
static int as_long(PyObject *o, long *out, const char *what)
{
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "skagway encode: %s must be an int, not %.100s",
                     what, Py_TYPE(o)->tp_name);
        return -1;
    }
#if PY_VERSION_HEX >= 0x030C0000
    if (PyUnstable_Long_IsCompact((PyLongObject *)o)) {
        *out = (long)PyUnstable_Long_CompactValue((PyLongObject *)o);
        return 0;
    }
#else
    /* one digit or none (|v| < 2**30): read it directly, as CPython's own fast paths do */
    Py_ssize_t digits = Py_SIZE(o);
    if (-1 <= digits && digits <= 1) {
        *out = (long)digits * (long)((PyLongObject *)o)->ob_digit[0];
        return 0;
    }
#endif
    long v = PyLong_AsLong(o);
    if (v == -1 && PyErr_Occurred())
        return -1;
    *out = v;
    return 0;
}

/* A number as Python would turn it into a double (an int or a float, bools as 0 / 1). */
static int as_double(PyObject *o, double *out, const char *what)
{
    if (PyFloat_CheckExact(o)) {
        *out = PyFloat_AS_DOUBLE(o);
        return 0;
    }
    long v;
    if (as_long(o, &v, what) < 0)
        return -1;
    *out = (double)v;
    return 0;
}

/* What items_of gives for an empty list, whose ob_item may be NULL. */
static PyObject *no_items[1];

/* The items of a list or tuple (borrowed); anything else is refused (NULL). */
static PyObject **items_of(PyObject *o, Py_ssize_t *len, const char *what)
{
    if (PyList_Check(o)) {
        *len = PyList_GET_SIZE(o);
        return *len ? ((PyListObject *)o)->ob_item : no_items;
    }
    if (PyTuple_Check(o)) {
        *len = PyTuple_GET_SIZE(o);
        return ((PyTupleObject *)o)->ob_item;
    }
    PyErr_Format(PyExc_TypeError, "skagway encode: %s must be a list, not %.100s", what,
                 Py_TYPE(o)->tp_name);
    return NULL;
}

/* A list's items, which must number ``want``. */
static PyObject **items_sized(PyObject *o, Py_ssize_t want, const char *what)
{
    Py_ssize_t len;
    PyObject **items = items_of(o, &len, what);
    if (items != NULL && len != want) {
        PyErr_Format(PyExc_ValueError, "skagway encode: %s has %zd entries, expected %zd",
                     what, len, want);
        return NULL;
    }
    return items;
}

/* sum() of a list of ints. */
static int sum_of(PyObject *o, long *out, const char *what)
{
    Py_ssize_t len;
    PyObject **items = items_of(o, &len, what);
    if (items == NULL)
        return -1;
    long total = 0, v;
    for (Py_ssize_t i = 0; i < len; i++) {
        if (as_long(items[i], &v, what) < 0)
            return -1;
        total += v;
    }
    *out = total;
    return 0;
}

/* list.count(value) for ints (non-ints never equal an int here: they are refused). */
static int count_of(PyObject **items, Py_ssize_t len, long value, long *out, const char *what)
{
    long found = 0, v;
    for (Py_ssize_t i = 0; i < len; i++) {
        if (as_long(items[i], &v, what) < 0)
            return -1;
        found += (v == value);
    }
    *out = found;
    return 0;
}

/* Which of ``table`` (members, or their string values) ``o`` is; -1 with KeyError set. */
static Py_ssize_t index_in(PyObject *o, PyObject **table, Py_ssize_t len, const char *what)
{
    for (Py_ssize_t i = 0; i < len; i++)
        if (table[i] == o)
            return i;
    if (PyUnicode_Check(o)) {
        for (Py_ssize_t i = 0; i < len; i++) {
            int same = PyUnicode_Compare(o, table[i]);
            if (same == 0)
                return i;
            if (same == -1 && PyErr_Occurred())
                return -1;
        }
    }
    PyErr_Format(PyExc_KeyError, "skagway encode: %s %R is not known", what, o);
    return -1;
}

/* ``o == member`` for a str-valued enum member (identity first, then the value). */
static int is_member(PyObject *o, PyObject *member)
{
    if (o == member)
        return 1;
    if (!PyUnicode_Check(o))
        return 0;
    return PyUnicode_Compare(o, member) == 0;
}

/* Where each field was in the last state's __dict__: states share their fields' order
   (``__init__`` sets them, ``clone`` copies the dict in order), so the entry there is
   read first and used when its key is the field's name (the same interned string). */
static Py_ssize_t field_at[NUM_FIELDS];

/* A field of the state's __dict__ (borrowed); a missing one is an AttributeError. */
static PyObject *field(PyObject *dict, int which)
{
    Py_ssize_t pos = field_at[which];
    PyObject *key, *value;
    if (PyDict_Next(dict, &pos, &key, &value) && key == field_keys[which])
        return value;
    value = PyDict_GetItemWithError(dict, field_keys[which]);
    if (value != NULL) {
        /* find its entry for the next state */
        for (pos = 0; PyDict_Next(dict, &pos, &key, NULL);)
            if (key == field_keys[which]) {
                field_at[which] = pos - 1;
                break;
            }
        return value;
    }
    if (value == NULL && !PyErr_Occurred())
        PyErr_Format(PyExc_AttributeError, "skagway encode: the state has no field %U",
                     field_keys[which]);
    return value;
}

/* The game's packed layout (observation._layout_c builds and caches it). */
static const Layout *layout_of(PyObject *game, PyObject **holder)
{
    PyObject *packed = PyObject_GetAttr(game, str_layout_attr);
    if (packed == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_AttributeError))
            return NULL;
        PyErr_Clear();
        packed = PyObject_CallOneArg(layout_factory, game);
        if (packed == NULL)
            return NULL;
    }
    if (!PyBytes_CheckExact(packed) || PyBytes_GET_SIZE(packed) != (Py_ssize_t)sizeof(Layout)
            || ((const Layout *)PyBytes_AS_STRING(packed))->magic != LAYOUT_MAGIC) {
        Py_DECREF(packed);
        PyErr_SetString(PyExc_TypeError, "skagway encode: the game's layout is not one "
                        "that layout() packed");
        return NULL;
    }
    *holder = packed;
    return (const Layout *)PyBytes_AS_STRING(packed);
}

/* ------------------------------------------------------------ the encoder */

#define FIELD(var, which) \
    PyObject *var = field(dict, which); \
    if (var == NULL) goto fail;
#define LONG_FIELD(var, which, what) \
    long var; \
    { PyObject *o_ = field(dict, which); \
      if (o_ == NULL || as_long(o_, &var, what) < 0) goto fail; }
#define PUT(at, value) \
    do { Py_ssize_t i_ = (at); \
         if (i_ < 0 || i_ >= L->size) goto overflow; \
         out[i_] = (float)(value); } while (0)

/* Writes the tensor into ``out`` (L->size floats, zeroed); 0, or -1 with an error set. */
static int fill(PyObject *dict, const Layout *L, long observer, long to_move, float *out)
{
    const long n = L->num_players;
    Py_ssize_t at = 0, len;
    PyObject **items;

    /* the head: flags, the turn and cap, the stage one-hot */
    {
        static const int flags[3] = {F_FINAL_TURN, F_END_TRIGGERED, F_TRUNCATED};
        for (int k = 0; k < 3; k++) {
            double v;
            PyObject *o = field(dict, flags[k]);
            if (o == NULL || as_double(o, &v, field_names[flags[k]]) < 0)
                goto fail;
            PUT(at++, v);
        }
    }
    LONG_FIELD(turn, F_TURN, "turn");
    PUT(at++, (double)turn / turn_scale);
    PUT(at++, (double)L->cap / turn_scale);
    PUT(at++, (double)(L->cap - turn) / turn_scale);
    if (at != head_len) {
        PyErr_SetString(PyExc_ValueError, "skagway encode: HEAD is not 6 features");
        goto fail;
    }
    {
        FIELD(stage, F_STAGE);
        Py_ssize_t k = index_in(stage, stages, num_stages, "stage");
        if (k < 0)
            goto fail;
        PUT(at + k, 1.0);
        at += num_stages;
    }

    /* the seats, observer first, padded to four */
    LONG_FIELD(recruited_by, F_RECRUITED_BY, "recruited_by");
    LONG_FIELD(first, F_FIRST_PLAYER, "first_player");
    LONG_FIELD(recruiter, F_RECRUITER, "recruiter");
    LONG_FIELD(rail_owner, F_RAIL_OWNER, "rail_owner");
    LONG_FIELD(docks_owner, F_DOCKS_OWNER, "docks_owner");
    FIELD(hand_state_o, F_HAND_STATE);
    Py_ssize_t hands;
    PyObject **hand_state = items_of(hand_state_o, &hands, "hand_state");
    if (hand_state == NULL)
        goto fail;
    if (hands != NUM_WORKERS - first_hand) {
        PyErr_SetString(PyExc_ValueError, "skagway encode: hand_state is not one entry a "
                        "Hired Hand");
        goto fail;
    }
    long held = 0;
    if (recruited_by >= 0)
        for (Py_ssize_t h = 0; h < hands; h++)
            held += is_member(hand_state[h], hand_recruited);
    FIELD(owners_o, F_BUILDING_OWNER);
    PyObject **owners = items_sized(owners_o, L->spaces, "building_owner");
    if (owners == NULL)
        goto fail;
    long owner[MAX_FACES];
    for (long b = 0; b < L->spaces; b++)
        if (as_long(owners[b], &owner[b], "building_owner") < 0)
            goto fail;
    FIELD(points_o, F_POINTS);
    FIELD(track_o, F_PURCHASED_TRACK);
    FIELD(kills_o, F_KILLS);
    FIELD(prestige_o, F_PRESTIGE);
    FIELD(gold_held_o, F_GOLD_HELD);
    FIELD(rail_held_o, F_RAIL_HELD);
    FIELD(goods_held_o, F_GOODS_HELD);
    PyObject **points = items_sized(points_o, n, "points");
    PyObject **track = points ? items_sized(track_o, n, "purchased_track") : NULL;
    PyObject **kills = track ? items_sized(kills_o, n, "kills") : NULL;
    PyObject **prestige = kills ? items_sized(prestige_o, n, "prestige") : NULL;
    PyObject **gold_held = prestige ? items_sized(gold_held_o, n, "gold_held") : NULL;
    PyObject **rail_held = gold_held ? items_sized(rail_held_o, n, "rail_held") : NULL;
    PyObject **goods_held = rail_held ? items_sized(goods_held_o, n, "goods_held") : NULL;
    if (goods_held == NULL)
        goto fail;
    for (long rel = 0; rel < MAX_SEATS; rel++) {
        const Py_ssize_t block = 17 + L->prestige;
        if (rel >= n) {
            at += block;
            continue;
        }
        const long seat = (observer + rel) % n;
        long v, total;
        PUT(at++, 1.0);
        if (as_long(points[seat], &v, "points") < 0)
            goto fail;
        PUT(at++, (double)v / 50.0);
        if (as_long(track[seat], &v, "purchased_track") < 0)
            goto fail;
        PUT(at++, (double)v / 3.0);
        if (as_long(kills[seat], &v, "kills") < 0)
            goto fail;
        PUT(at++, (double)v / 5.0);
        items = items_of(prestige[seat], &len, "prestige");
        if (items == NULL)
            goto fail;
        for (Py_ssize_t k = 0; k < len; k++) {
            if (as_long(items[k], &v, "prestige") < 0)
                goto fail;
            if (v < 0 || v >= L->prestige) {
                PyErr_Format(PyExc_IndexError, "skagway encode: Prestige Building %ld "
                             "out of range", v);
                goto fail;
            }
            PUT(at + v, 1.0);
        }
        at += L->prestige;
        PUT(at++, seat == first);
        PUT(at++, seat == recruiter);
        PUT(at++, seat == recruited_by);
        if (sum_of(gold_held[seat], &total, "gold_held") < 0)
            goto fail;
        PUT(at++, (double)total / gold_scale);
        if (sum_of(rail_held[seat], &total, "rail_held") < 0)
            goto fail;
        PUT(at++, (double)total / rail_scale);
        if (sum_of(goods_held[seat], &total, "goods_held") < 0)
            goto fail;
        PUT(at++, (double)total / goods_scale);
        for (long b = 0; b < L->spaces; b++)
            PUT(at++, owner[b] == seat);
        PUT(at++, rail_owner == seat);
        PUT(at++, docks_owner == seat);
        PUT(at++, seat == to_move);
        PUT(at++, (double)(seat == recruited_by ? held : 0) / 2.0);
    }

    /* the observer's own counters and cards by face, then the buildings' sides */
    {
        PyObject *own[3] = {gold_held[observer], rail_held[observer], goods_held[observer]};
        const long want[3] = {L->gold_faces, L->rail_faces, L->goods};
        static const char *what[3] = {"gold_held", "rail_held", "goods_held"};
        for (int k = 0; k < 3; k++) {
            items = items_sized(own[k], want[k], what[k]);
            if (items == NULL)
                goto fail;
            for (long j = 0; j < want[k]; j++) {
                double v;
                if (as_double(items[j], &v, what[k]) < 0)
                    goto fail;
                PUT(at++, v);
            }
        }
    }
    FIELD(sides_o, F_BUILDING_SIDE);
    items = items_sized(sides_o, L->spaces, "building_side");
    if (items == NULL)
        goto fail;
    for (long b = 0; b < L->spaces; b++) {
        long side;
        if (as_long(items[b], &side, "building_side") < 0)
            goto fail;
        if (side < -1 || side > 1) {
            PyErr_Format(PyExc_KeyError, "skagway encode: building side %ld", side);
            goto fail;
        }
        PUT(at + side + 1, 1.0);
        at += 3;
    }
    if (at != L->workers) {
        PyErr_SetString(PyExc_ValueError, "skagway encode: the head does not end where "
                        "the layout's worker blocks begin");
        goto fail;
    }

    /* the worker blocks; H4: another seat's fresh recruits look like the pool's Hands */
    FIELD(pool_o, F_RECRUIT_POOL);
    Py_ssize_t pool_len;
    PyObject **pool_items = items_of(pool_o, &pool_len, "recruit_pool");
    if (pool_items == NULL)
        goto fail;
    long pool[NUM_WORKERS * 4];
    if (pool_len > (Py_ssize_t)(sizeof(pool) / sizeof(pool[0]))) {
        PyErr_SetString(PyExc_ValueError, "skagway encode: recruit_pool is too long");
        goto fail;
    }
    for (Py_ssize_t k = 0; k < pool_len; k++)
        if (as_long(pool_items[k], &pool[k], "recruit_pool") < 0)
            goto fail;
    const int hide = recruited_by != -1 && recruited_by != observer && held < pool_len;
    long relative[MAX_SEATS];
    for (long seat = 0; seat < n; seat++)
        relative[seat] = ((seat - observer) % n + n) % n + 1;
    if (recruiter >= n || recruited_by >= n) {
        PyErr_SetString(PyExc_IndexError, "skagway encode: recruiter or recruited_by is "
                        "not a seat");
        goto fail;
    }
    const long active_slot = recruiter >= 0 ? relative[recruiter] : 0;
    const long recruited_slot = recruited_by >= 0 ? relative[recruited_by] : 0;
    FIELD(loc_o, F_LOC);
    FIELD(face_down_o, F_FACE_DOWN);
    PyObject **loc = items_sized(loc_o, NUM_WORKERS, "loc");
    PyObject **face_down = loc ? items_sized(face_down_o, NUM_WORKERS, "face_down") : NULL;
    if (face_down == NULL)
        goto fail;
    Py_ssize_t base = L->workers;
    for (long w = 0; w < NUM_WORKERS; w++, base += worker_features) {
        Py_ssize_t where = index_in(loc[w], locations, num_locations, "location");
        if (where < 0)
            goto fail;
        if (hide && (where == loc_pool || where == loc_recruited)) {
            for (Py_ssize_t k = 0; k < pool_len; k++)
                if (pool[k] == w) {
                    where = loc_unseen;
                    break;
                }
        }
        PUT(base + where, 1.0);
        long down;  /* a bool (an int will do): no __bool__ may run amid borrowed fields */
        if (as_long(face_down[w], &down, "face_down") < 0)
            goto fail;
        if (down)
            PUT(base + face_down_at, 1.0);
        if (where == loc_out || where == loc_unseen) {
            PUT(base + face_down_at + 1, 1.0);
        } else if (w < first_hand) {
            if (w / 2 >= n) {
                PyErr_Format(PyExc_IndexError, "skagway encode: Worker %ld of an absent "
                             "seat is in play", w);
                goto fail;
            }
            PUT(base + face_down_at + 1 + relative[w / 2], 1.0);
        } else {
            PyObject *state = hand_state[w - first_hand];
            long slot = is_member(state, hand_active) ? active_slot
                : is_member(state, hand_recruited) ? recruited_slot : 0;
            PUT(base + face_down_at + 1 + slot, 1.0);
        }
    }
    LONG_FIELD(active, F_ACTIVE, "active");
    if (0 <= active && active < NUM_WORKERS)
        PUT(L->workers + active * worker_features + bandit_at + 1, 1.0);

    /* a Worker's first place in each list (1-based) */
    {
        static const int lists[4] = {F_MINES, F_RAILROAD, F_ASSAY, F_BANDITS};
        const long feature[4] = {spots_at, spots_at + 1, spots_at + 2, bandit_at};
        const double scale[4] = {spot_scale, spot_scale, spot_scale, bandit_scale};
        for (int k = 0; k < 4; k++) {
            FIELD(spots_o, lists[k]);
            items = items_of(spots_o, &len, field_names[lists[k]]);
            if (items == NULL)
                goto fail;
            unsigned placed = 0;
            for (Py_ssize_t place = 0; place < len; place++) {
                long w;
                if (as_long(items[place], &w, field_names[lists[k]]) < 0)
                    goto fail;
                if (0 <= w && w < NUM_WORKERS && !(placed & (1u << w))) {
                    placed |= 1u << w;
                    PUT(L->workers + w * worker_features + feature[k],
                        (double)(place + 1) / scale[k]);
                }
            }
        }
    }

    /* the table tail */
    at = L->rest;
    {
        static const int piles[2] = {F_BANK, F_ROBBED};
        for (int k = 0; k < 2; k++) {
            FIELD(pile_o, piles[k]);
            items = items_of(pile_o, &len, field_names[piles[k]]);
            if (items == NULL)
                goto fail;
            for (long j = 0; j < L->gold_faces; j++) {
                long found;
                if (count_of(items, len, L->faces[j], &found, field_names[piles[k]]) < 0)
                    goto fail;
                PUT(at++, found);
            }
        }
    }
    {
        static const int supplies[3] = {F_GOLD_SUPPLY, F_RAIL_SUPPLY, F_GOODS_DECK};
        const double scale[3] = {gold_scale, rail_scale, goods_scale};
        for (int k = 0; k < 3; k++) {
            long total;
            FIELD(supply_o, supplies[k]);
            if (sum_of(supply_o, &total, field_names[supplies[k]]) < 0)
                goto fail;
            PUT(at++, (double)total / scale[k]);
        }
    }
    FIELD(bottom_o, F_GOODS_BOTTOM);
    if (items_of(bottom_o, &len, "goods_bottom") == NULL)
        goto fail;
    PUT(at++, (double)len / goods_scale);
    LONG_FIELD(goods_die, F_GOODS_DIE, "goods_die");
    PUT(at++, (double)goods_die / die_scale);
    FIELD(bribe_o, F_BRIBE);
    items = items_of(bribe_o, &len, "bribe");
    if (items == NULL)
        goto fail;
    if (len < 2) {
        PyErr_SetString(PyExc_IndexError, "skagway encode: bribe needs a source and an "
                        "amount");
        goto fail;
    }
    {
        double source, amount;
        if (as_double(items[0], &source, "bribe") < 0 || as_double(items[1], &amount, "bribe") < 0)
            goto fail;
        PUT(at++, source);
        PUT(at++, amount / bribe_scale);
    }
    FIELD(rolls_o, F_ROLLS);
    items = items_of(rolls_o, &len, "rolls");
    if (items == NULL)
        goto fail;
    for (Py_ssize_t k = 0; k < 2; k++) {
        long roll = 0;
        if (k < len && as_long(items[k], &roll, "rolls") < 0)
            goto fail;
        PUT(at++, k < len ? (double)roll / die_scale : 0.0);
    }
    FIELD(bought_o, F_BOUGHT_THIS_TURN);
    items = items_sized(bought_o, L->spaces, "bought_this_turn");
    if (items == NULL)
        goto fail;
    for (long b = 0; b < L->spaces; b++) {
        double v;
        if (as_double(items[b], &v, "bought_this_turn") < 0)
            goto fail;
        PUT(at++, v);
    }
    LONG_FIELD(turned_in, F_TOP_GOLD_TURNED_IN, "top_gold_turned_in");
    PUT(at++, (double)(L->top_in_play - turned_in) / 3.0);
    LONG_FIELD(demand, F_DEMAND, "demand");
    PUT(at++, (double)demand / bribe_scale);
    if (at != L->size) {
        PyErr_SetString(PyExc_ValueError, "skagway encode: the table tail does not end "
                        "where the tensor does");
        goto fail;
    }
    return 0;
overflow:
    PyErr_SetString(PyExc_IndexError, "skagway encode: a feature beyond the tensor");
fail:
    return -1;
}

static PyObject *encode(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "encode(state, observer) takes two arguments");
        return NULL;
    }
    if (!ready) {
        PyErr_SetString(PyExc_RuntimeError, "skagway encode: init() was not called");
        return NULL;
    }
    PyObject *state = args[0];
    long observer;
    if (as_long(args[1], &observer, "observer") < 0)
        return NULL;
    /* Every call into Python code comes first: the borrowed fields read after it stay
       valid while nothing but this function runs. */
    PyObject *packed = NULL, *array = NULL, *dict = NULL;
    Py_buffer view;
    view.obj = NULL;
    PyObject *game = PyObject_GetAttr(state, str_game);
    if (game == NULL)
        return NULL;
    const Layout *L = layout_of(game, &packed);
    Py_DECREF(game);
    if (L == NULL)
        return NULL;
    if (observer < 0 || observer >= L->num_players) {
        PyErr_Format(PyExc_ValueError, "skagway encode: observer %ld is not a seat of a "
                     "%ld-player game", observer, L->num_players);
        goto fail;
    }
    PyObject *mover = PyObject_CallMethodNoArgs(state, str_current_player);
    if (mover == NULL)
        goto fail;
    long to_move;
    int bad = as_long(mover, &to_move, "current_player()");
    Py_DECREF(mover);
    if (bad < 0)
        goto fail;
    PyObject *size = PyLong_FromSsize_t(L->size);
    if (size == NULL)
        goto fail;
    PyObject *eargs[2] = {size, float32_dtype};
    array = PyObject_Vectorcall(empty_fn, eargs, 2, NULL);
    Py_DECREF(size);
    if (array == NULL)
        goto fail;
    /* the buffer protocol, not numpy's C API: nothing of numpy is needed to build */
    if (PyObject_GetBuffer(array, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0)
        goto fail;
    if (view.len != L->size * (Py_ssize_t)sizeof(float) || view.itemsize != sizeof(float)) {
        PyErr_SetString(PyExc_ValueError, "skagway encode: empty() gave the wrong size");
        goto fail;
    }
    float *buf = (float *)view.buf;
    memset(buf, 0, L->size * sizeof(float));
    dict = PyObject_GetAttr(state, str_dict);
    if (dict == NULL)
        goto fail;
    if (!PyDict_Check(dict)) {
        PyErr_SetString(PyExc_TypeError, "skagway encode: the state's __dict__ is not a dict");
        goto fail;
    }
    if (fill(dict, L, observer, to_move, buf) < 0)
        goto fail;
    PyBuffer_Release(&view);
    Py_DECREF(dict);
    Py_DECREF(packed);
    return array;
fail:
    if (view.obj != NULL)
        PyBuffer_Release(&view);
    Py_XDECREF(dict);
    Py_XDECREF(array);
    Py_XDECREF(packed);
    return NULL;
}

/* ------------------------------------------------------------ setup from Python */

static PyObject *layout(PyObject *module, PyObject *args)
{
    Layout L;
    PyObject *faces;
    memset(&L, 0, sizeof(L));
    if (!PyArg_ParseTuple(args, "nnnllllllllO!:layout", &L.size, &L.workers, &L.rest,
                          &L.num_players, &L.prestige, &L.gold_faces, &L.rail_faces,
                          &L.goods, &L.spaces, &L.cap, &L.top_in_play, &PyTuple_Type, &faces))
        return NULL;
    if (L.num_players < 1 || L.num_players > MAX_SEATS || L.prestige < 0
            || L.spaces < 0 || L.spaces > MAX_FACES || L.gold_faces != PyTuple_GET_SIZE(faces)
            || L.gold_faces > MAX_FACES || L.size < 0 || L.workers < 0
            || L.rest < L.workers || L.rest > L.size) {
        PyErr_SetString(PyExc_ValueError, "layout: sizes out of range");
        return NULL;
    }
    for (long j = 0; j < L.gold_faces; j++)
        if (as_long(PyTuple_GET_ITEM(faces, j), &L.faces[j], "a Gold face") < 0)
            return NULL;
    L.magic = LAYOUT_MAGIC;
    return PyBytes_FromStringAndSize((const char *)&L, sizeof(L));
}

static int copy_members(PyObject *seq, PyObject **table, Py_ssize_t room, Py_ssize_t *count,
                        const char *what)
{
    if (!PyTuple_Check(seq) || PyTuple_GET_SIZE(seq) > room) {
        PyErr_Format(PyExc_TypeError, "init: %s must be a tuple of at most %zd", what, room);
        return -1;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(seq); i++) {
        PyObject *member = PyTuple_GET_ITEM(seq, i);
        if (!PyUnicode_Check(member)) {
            PyErr_Format(PyExc_TypeError, "init: %s must hold strings", what);
            return -1;
        }
        Py_INCREF(member);
        table[i] = member;
    }
    *count = PyTuple_GET_SIZE(seq);
    return 0;
}

static PyObject *init(PyObject *module, PyObject *args)
{
    PyObject *stage_tuple, *location_tuple, *out, *pool, *recruited, *unseen;
    PyObject *h_recruited, *h_active, *empty, *dtype, *factory;
    if (ready) {
        /* again (observation.py reloaded): the new tables replace the old ones */
        ready = 0;
        for (Py_ssize_t i = 0; i < num_stages; i++)
            Py_CLEAR(stages[i]);
        for (Py_ssize_t i = 0; i < num_locations; i++)
            Py_CLEAR(locations[i]);
        num_stages = num_locations = 0;
        Py_CLEAR(hand_recruited);
        Py_CLEAR(hand_active);
        Py_CLEAR(empty_fn);
        Py_CLEAR(float32_dtype);
        Py_CLEAR(layout_factory);
    }
    if (!PyArg_ParseTuple(args, "O!O!OOOOOOllllllddddddddOOO:init",
                          &PyTuple_Type, &stage_tuple, &PyTuple_Type, &location_tuple,
                          &out, &pool, &recruited, &unseen, &h_recruited, &h_active,
                          &first_hand, &worker_features, &face_down_at, &spots_at,
                          &bandit_at, &head_len, &turn_scale, &gold_scale, &rail_scale,
                          &goods_scale, &spot_scale, &bandit_scale, &bribe_scale, &die_scale,
                          &empty, &dtype, &factory))
        return NULL;
    if (first_hand < 0 || first_hand > NUM_WORKERS || 2 * MAX_SEATS != first_hand
            || bandit_at + 1 >= worker_features) {
        PyErr_SetString(PyExc_ValueError, "init: worker offsets out of range");
        return NULL;
    }
    if (copy_members(stage_tuple, stages, MAX_STAGES, &num_stages, "stages") < 0
            || copy_members(location_tuple, locations, MAX_LOCATIONS, &num_locations,
                            "locations") < 0)
        return NULL;
    if ((loc_out = index_in(out, locations, num_locations, "OUT")) < 0
            || (loc_pool = index_in(pool, locations, num_locations, "POOL")) < 0
            || (loc_recruited = index_in(recruited, locations, num_locations, "RECRUITED")) < 0
            || (loc_unseen = index_in(unseen, locations, num_locations, "UNSEEN")) < 0)
        return NULL;
    if (!PyUnicode_Check(h_recruited) || !PyUnicode_Check(h_active) || !PyCallable_Check(empty)
            || !PyCallable_Check(factory)) {
        PyErr_SetString(PyExc_TypeError, "init: bad Hand states or callables");
        return NULL;
    }
    Py_INCREF(h_recruited);
    hand_recruited = h_recruited;
    Py_INCREF(h_active);
    hand_active = h_active;
    Py_INCREF(empty);
    empty_fn = empty;
    Py_INCREF(dtype);
    float32_dtype = dtype;
    Py_INCREF(factory);
    layout_factory = factory;
    ready = 1;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"encode", (PyCFunction)(void (*)(void))encode, METH_FASTCALL,
     "encode(state, observer) -> float32 array: observation.encode_python's twin."},
    {"layout", layout, METH_VARARGS,
     "layout(size, workers, rest, num_players, prestige, gold_faces, rail_faces, goods, "
     "spaces, cap, top_in_play, faces) -> bytes: a game's fixed sizes, packed."},
    {"init", init, METH_VARARGS,
     "init(stages, locations, OUT, POOL, RECRUITED, UNSEEN, HAND_RECRUITED, HAND_ACTIVE, "
     "first_hand, worker_features, face_down_at, spots_at, bandit_at, head, turn_scale, "
     "gold_scale, rail_scale, goods_scale, spot_scale, bandit_scale, bribe_scale, "
     "die_scale, empty, float32, layout_factory): once, at import of observation.py."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_skagway_obs",
    "C twin of Skagway's observation encoder (skagway_env/games/skagway/observation.py).",
    -1, methods,
};

PyMODINIT_FUNC PyInit__skagway_obs(void)
{
    for (int k = 0; k < NUM_FIELDS; k++)
        if ((field_keys[k] = PyUnicode_InternFromString(field_names[k])) == NULL)
            return NULL;
    if ((str_game = PyUnicode_InternFromString("game")) == NULL
            || (str_dict = PyUnicode_InternFromString("__dict__")) == NULL
            || (str_current_player = PyUnicode_InternFromString("current_player")) == NULL
            || (str_layout_attr = PyUnicode_InternFromString("_observation_layout_c")) == NULL)
        return NULL;
    return PyModule_Create(&module_def);
}

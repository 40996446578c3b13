/* The bot's evaluation and search in C, for the training and benchmark tools only (the browser's bot is
 * web/py/bot, pure Python). The same definitions as the Python code: the rules of rules.movegen.result_boards,
 * the inputs of bot.features (version 4, 228), the networks of tools/bot/train_bot (one sigmoid hidden layer,
 * five sigmoid outputs, made consistent as bot.network does), the exact bear-offs of bot.bearoff, and the
 * 0-, 1- and 2-ply of bot.play / tools/bot/bot_batch. tests/bot/test_fast_core.py checks each against the
 * Python definition. The plays of a roll come in another order than the Python generator's, so where two
 * plays have equal equities the first found may differ; nothing else does (floats to about 1e-6: the
 * networks are evaluated in single precision).
 *
 * A board is 52 bytes: the side on roll's counts mine[0..25] (0 borne off, 1..24 its points from its ace,
 * 25 its bar), then the other side's theirs[0..25] counted from its own ace. Outputs are five doubles for
 * one side: win, gammon win, backgammon win, gammon loss, backgammon loss (gammons include backgammons).
 *
 * Built and loaded by tools/bot/fast/__init__.py (ctypes); no Python headers needed. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NSLOT 52
#define NIN 228
#define NEXTRA 18 /* inputs 210..227 */
#define MAXRES 4096
#define MAXH 1024

typedef unsigned char u8;

/* ------------------------------------------------------------------------------------------------ rng */

typedef struct { uint64_t s[4]; } Rng;

static uint64_t splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void rng_seed(Rng *r, uint64_t seed) {
    for (int i = 0; i < 4; i++) r->s[i] = splitmix(&seed);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t rng_next(Rng *r) { /* xoshiro256** */
    uint64_t *s = r->s;
    uint64_t res = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 45);
    return res;
}

static int rng_below(Rng *r, int n) { return (int)((rng_next(r) >> 11) % (uint64_t)n); }

static double rng_unit(Rng *r) { return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0); }

static double rng_gauss(Rng *r) {
    double u = rng_unit(r), v = rng_unit(r);
    if (u < 1e-300) u = 1e-300;
    return sqrt(-2.0 * log(u)) * cos(6.283185307179586 * v);
}

/* ------------------------------------------------------------------------------------ board helpers */

static inline int rearmost(const u8 *side) {
    for (int p = 25; p >= 1; p--) if (side[p]) return p;
    return 0;
}

int is_race(const u8 *b) { return rearmost(b) + rearmost(b + 26) <= 25; }

/* How the side that just played (mine) has won: 0 not yet, 1 single, 2 gammon, 3 backgammon. */
int winner_kind(const u8 *b) {
    const u8 *t = b + 26;
    if (b[0] != 15) return 0;
    if (t[0]) return 1;
    if (t[25]) return 3;
    for (int p = 19; p <= 24; p++) if (t[p]) return 3;
    return 2;
}

static inline void swap_board(const u8 *b, u8 *out) {
    memcpy(out, b + 26, 26);
    memcpy(out + 26, b, 26);
}

static const double WIN_OUT[4][5] = {{0, 0, 0, 0, 0}, {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 1, 1, 0, 0}};

static inline void invert(const double *o, double *r) {
    double w = o[0], g = o[1], bg = o[2], gl = o[3], bl = o[4];
    r[0] = 1.0 - w; r[1] = gl; r[2] = bl; r[3] = g; r[4] = bg;
}

static inline double equity(const double *o) { return 2.0 * o[0] - 1.0 + o[1] + o[2] - o[3] - o[4]; }

/* ------------------------------------------------------------------------------------ move generation */

typedef struct { int f, t, h; } Move;

/* Single moves with die d from sources <= maxsrc (rules.movegen.single_moves). */
static int single_moves(const u8 *b, int d, int maxsrc, Move *out) {
    const u8 *mine = b, *th = b + 26;
    int n = 0;
    if (mine[25]) {
        int t = 25 - d, o = th[25 - t];
        if (o < 2) { out[0].f = 25; out[0].t = t; out[0].h = o == 1; n = 1; }
        return n;
    }
    int hi = 0;
    for (int p = 24; p >= 1; p--) if (mine[p]) { hi = p; break; }
    int top = hi < maxsrc ? hi : maxsrc;
    if (hi <= 6) {
        for (int p = top; p >= 1; p--) {
            if (!mine[p]) continue;
            int t = p - d;
            if (t > 0) {
                int o = th[25 - t];
                if (o < 2) { out[n].f = p; out[n].t = t; out[n].h = o == 1; n++; }
            } else if (t == 0 || p == hi) {
                out[n].f = p; out[n].t = 0; out[n].h = 0; n++;
            }
        }
    } else {
        for (int p = top; p > d; p--) {
            if (!mine[p]) continue;
            int o = th[25 - (p - d)];
            if (o < 2) { out[n].f = p; out[n].t = p - d; out[n].h = o == 1; n++; }
        }
    }
    return n;
}

static inline void apply_move(u8 *b, const Move *m) {
    b[m->f]--;
    b[m->t]++;
    if (m->h) { b[26 + 25 - m->t]--; b[26 + 25]++; }
}

typedef struct {
    int n;
    u8 *out;       /* n boards of 52 bytes, in the order first found */
    int cap;
    uint64_t keys[8192];  /* a board's hash (never 0), or 0 for an empty slot */
    int idx[8192];        /* where that board is in out */
    int used[8192];
    int nused;
} ResultSet;

static void rs_clear(ResultSet *rs) {
    for (int i = 0; i < rs->nused; i++) rs->keys[rs->used[i]] = 0;
    rs->nused = 0;
    rs->n = 0;
}

/* Adds b unless an equal board is there already: 1 added, 0 present, -1 full. */
static int rs_add(ResultSet *rs, const u8 *b) {
    uint64_t w[7] = {0, 0, 0, 0, 0, 0, 0};
    memcpy(w, b, 52);
    uint64_t a = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < 7; i++) a = (a ^ w[i]) * 0xBF58476D1CE4E5B9ull, a ^= a >> 31;
    a |= 1;
    unsigned h = (unsigned)(a >> 40) & 8191u;
    for (;;) {
        if (rs->keys[h] == 0) {
            if (rs->n >= rs->cap) return -1;
            rs->keys[h] = a;
            rs->idx[h] = rs->n;
            rs->used[rs->nused++] = (int)h;
            memcpy(rs->out + 52 * rs->n, b, 52);
            rs->n++;
            return 1;
        }
        if (rs->keys[h] == a && !memcmp(rs->out + 52 * rs->idx[h], b, 52)) return 0;
        h = (h + 1) & 8191u;
    }
}

static void dfs_double(ResultSet *sets, int *deepest, const u8 *b, int d, int depth, int maxsrc) {
    Move mv[16];
    int n = single_moves(b, d, maxsrc, mv);
    if (!n) {
        if (depth >= *deepest) { *deepest = depth; rs_add(&sets[depth], b); }
        return;
    }
    u8 nb[52];
    for (int i = 0; i < n; i++) {
        memcpy(nb, b, 52);
        apply_move(nb, &mv[i]);
        if (depth + 1 == 4) {
            *deepest = 4;
            rs_add(&sets[4], nb);
        } else {
            dfs_double(sets, deepest, nb, d, depth + 1, mv[i].f);
        }
    }
}

static ResultSet *scratch_sets(void) {
    static ResultSet *sets = NULL;
    static u8 *bufs = NULL;
    if (!sets) {
        sets = calloc(6, sizeof(ResultSet));
        bufs = malloc((size_t)6 * MAXRES * 52);
        for (int i = 0; i < 6; i++) { sets[i].out = bufs + (size_t)i * MAXRES * 52; sets[i].cap = MAXRES; }
    }
    return sets;
}

/* Every distinct board (not turned round) the side on roll can reach with d1-d2; [board] when nothing
 * can be played (rules.movegen.result_boards, in another order). Returns the count, at most cap. */
int gen_results(const u8 *b, int d1, int d2, u8 *out, int cap) {
    ResultSet *sets = scratch_sets();
    for (int i = 0; i < 6; i++) rs_clear(&sets[i]);
    if (d1 == d2) {
        int deepest = -1;
        dfs_double(sets, &deepest, b, d1, 0, 25);
        if (deepest <= 0) { memcpy(out, b, 52); return 1; }
        ResultSet *r = &sets[deepest];
        int n = r->n < cap ? r->n : cap;
        memcpy(out, r->out, (size_t)n * 52);
        return n;
    }
    ResultSet *full = &sets[0], *part[2] = {&sets[1], &sets[2]};
    int dice[2] = {d1, d2};
    Move m1[16], m2[16];
    u8 k1[52], k2[52];
    for (int o = 0; o < 2; o++) {
        int a = dice[o], bb = dice[1 - o];
        int n1 = single_moves(b, a, 25, m1);
        for (int i = 0; i < n1; i++) {
            memcpy(k1, b, 52);
            apply_move(k1, &m1[i]);
            rs_add(part[o], k1);
            int n2 = single_moves(k1, bb, 25, m2);
            for (int j = 0; j < n2; j++) {
                memcpy(k2, k1, 52);
                apply_move(k2, &m2[j]);
                rs_add(full, k2);
            }
        }
    }
    ResultSet *r = full;
    if (!full->n) {
        int hi = d1 > d2 ? 0 : 1;
        r = part[hi]->n ? part[hi] : part[1 - hi];
        if (!r->n) { memcpy(out, b, 52); return 1; }
    }
    int n = r->n < cap ? r->n : cap;
    memcpy(out, r->out, (size_t)n * 52);
    return n;
}

/* ------------------------------------------------------------------------------------------ inputs */

static uint64_t ROLL_SETS[4096];
static int ESCAPES[4096];
static int tables_ready = 0;

static void init_tables(void) {
    if (tables_ready) return;
    int masks[36], i = 0;
    for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= 6; b++) {
            int m = 0, ds[5] = {a, b, a + b, a == b ? 3 * a : 0, a == b ? 4 * a : 0};
            for (int k = 0; k < 5; k++) if (ds[k] >= 1 && ds[k] <= 12) m |= 1 << (ds[k] - 1);
            masks[i++] = m;
        }
    for (int m = 0; m < 4096; m++) {
        uint64_t s = 0;
        for (int r = 0; r < 36; r++) if (masks[r] & m) s |= 1ull << r;
        ROLL_SETS[m] = s;
        /* escapes: bit d-1 of m = the point d pips ahead is blocked */
        if (!m) { ESCAPES[m] = 36; continue; }
        int far = 32 - __builtin_clz((unsigned)m), n = 0;
#define OPEN(d) ((d) > 12 || !((m >> ((d) - 1)) & 1))
        for (int a = 1; a <= 6; a++)
            for (int b = 1; b <= 6; b++) {
                int ok = 0;
                if (a != b) {
                    ok = a > far || b > far || (a + b > far && (OPEN(a) || OPEN(b)));
                } else {
                    for (int k = 1; k <= 4; k++) {
                        if (!OPEN(k * a)) break;
                        if (k * a > far) { ok = 1; break; }
                    }
                }
                n += ok;
            }
#undef OPEN
        ESCAPES[m] = n;
    }
    tables_ready = 1;
}

/* One side's summary: bit masks over its points (occupied 1..25 with the bar; made and blots 1..24), its
 * rearmost occupied point (0: none) and its made home points (bot.features.summary). */
typedef struct { uint64_t occ, made, blots; int back, home; } Side;

static inline void summarize(const u8 *s, Side *r) {
    uint64_t occ = 0, made = 0, blots = 0;
    int back = 0, home = 0;
    for (int p = 1; p <= 24; p++) {
        int n = s[p];
        if (!n) continue;
        occ |= 1ull << p;
        back = p;
        if (n >= 2) { made |= 1ull << p; home += p <= 6; }
        else blots |= 1ull << p;
    }
    if (s[25]) { occ |= 1ull << 25; back = 25; }
    r->occ = occ; r->made = made; r->blots = blots; r->back = back; r->home = home;
}

/* bot.features.hit_counts_of: rolls that hit, rolls that hit two or more, the summed pip loss. */
static inline void hit_counts(uint64_t occ, uint64_t blots, int *c, int *t, int *l) {
    uint64_t covered = 0, twice = 0;
    int loss = 0;
    if (occ)
        while (blots) { /* the target's blots from its point 1 up: the costliest first */
            int q = __builtin_ctzll(blots);
            blots &= blots - 1;
            int m = (int)((occ >> (26 - q)) & 0xFFF);
            if (!m) continue;
            uint64_t rolls = ROLL_SETS[m];
            loss += (25 - q) * __builtin_popcountll(rolls & ~covered);
            twice |= covered & rolls;
            covered |= rolls;
        }
    *c = __builtin_popcountll(covered);
    *t = __builtin_popcountll(twice);
    *l = loss;
}

static void side_extras(const u8 *side, const Side *me, const Side *other, double *out) {
    uint64_t blocks = other->made, made = me->made;
    int back = me->back;
    int escape = (back >= 2 && blocks) ? ESCAPES[(blocks >> (26 - back)) & 0xFFF] : 36;
    int least = 36;
    if (blocks)
        for (int p = 13; p <= 24; p++) {
            int e = ESCAPES[(blocks >> (26 - p)) & 0xFFF];
            if (e < least) least = e;
        }
    int run = 0;
    while (made) { made &= made >> 1; run++; }
    if (run > 6) run = 6;
    double closed = (other->home / 6.0) * (other->home / 6.0);
    int behind = 0;
    if (other->back) for (int k = 26 - other->back; k <= 25; k++) behind += side[k];
    out[0] = escape / 36.0;
    out[1] = 1.0 - least / 36.0;
    out[2] = run / 6.0;
    out[3] = closed;
    out[4] = side[25] ? closed : 0.0;
    out[5] = behind / 15.0;
}

/* Inputs 210..227 (bot.features.extras). */
static void extras(const u8 *b, double *e) {
    Side sm, st;
    summarize(b, &sm);
    summarize(b + 26, &st);
    int cm, tm, lm, ct, tt, lt;
    hit_counts(sm.occ, st.blots, &cm, &tm, &lm);
    hit_counts(st.occ, sm.blots, &ct, &tt, &lt);
    e[0] = cm / 36.0;
    e[1] = ct / 36.0;
    side_extras(b, &sm, &st, e + 2);
    side_extras(b + 26, &st, &sm, e + 8);
    e[14] = tm / 36.0;
    e[15] = lm / (36.0 * 24.0);
    e[16] = tt / 36.0;
    e[17] = lt / (36.0 * 24.0);
}

static void slot_units(int point, int n, double *u) {
    u[0] = u[1] = u[2] = u[3] = 0.0;
    if (n <= 0) return;
    if (point == 0) { u[0] = n / 15.0; u[1] = 1.0; return; }
    u[0] = n == 1; u[1] = n >= 2; u[2] = n >= 3; u[3] = n > 3 ? (n - 3) / 2.0 : 0.0;
}

/* The full input vector (bot.features.encode), for the tests and the trainer. */
void encode(const u8 *b, double *x) {
    init_tables();
    memset(x, 0, sizeof(double) * NIN);
    double pm = 0, pt = 0;
    for (int s = 0; s < NSLOT; s++) {
        int point = s % 26, n = b[s];
        if (!n) continue;
        slot_units(point, n, x + 4 * s);
        if (point) { if (s < 26) pm += point * n; else pt += point * n; }
    }
    x[208] = pm / 100.0;
    x[209] = pt / 100.0;
    extras(b, x + 210);
}

void encode_many(const u8 *boards, int n, double *x) {
    for (int i = 0; i < n; i++) encode(boards + 52 * i, x + (size_t)NIN * i);
}

/* -------------------------------------------------------------------------------------------- networks */

typedef struct {
    int h;
    float *table;  /* [52][16][h]: slot inputs and the pip inputs folded */
    float *wx;     /* [18][h] */
    float *b1;     /* [h] */
    float *w2;     /* [5][h] */
    float b2[5];
} Net;

typedef struct { Net contact, race; } Eval;

static void net_init(Net *n, int h, const double *w1, const double *b1, const double *w2, const double *b2) {
    n->h = h;
    n->table = calloc((size_t)NSLOT * 16 * h, sizeof(float));
    n->wx = malloc(sizeof(float) * NEXTRA * h);
    n->b1 = malloc(sizeof(float) * h);
    n->w2 = malloc(sizeof(float) * 5 * h);
    for (int s = 0; s < NSLOT; s++) {
        int point = s % 26, side = s / 26;
        for (int c = 1; c <= 15; c++) {
            double u[4], acc;
            slot_units(point, c, u);
            for (int j = 0; j < h; j++) {
                acc = 0.0;
                for (int k = 0; k < 4; k++) acc += u[k] * w1[(size_t)(4 * s + k) * h + j];
                acc += c * (point / 100.0) * w1[(size_t)(208 + side) * h + j];
                n->table[((size_t)s * 16 + c) * h + j] = (float)acc;
            }
        }
    }
    for (int k = 0; k < NEXTRA; k++)
        for (int j = 0; j < h; j++) n->wx[k * h + j] = (float)w1[(size_t)(210 + k) * h + j];
    for (int j = 0; j < h; j++) n->b1[j] = (float)b1[j];
    for (int j = 0; j < h; j++)
        for (int o = 0; o < 5; o++) n->w2[o * h + j] = (float)w2[j * 5 + o];
    for (int o = 0; o < 5; o++) n->b2[o] = (float)b2[o];
}

static void net_free(Net *n) { free(n->table); free(n->wx); free(n->b1); free(n->w2); }

Eval *eval_new(int h, const double *cw1, const double *cb1, const double *cw2, const double *cb2,
               const double *rw1, const double *rb1, const double *rw2, const double *rb2) {
    init_tables();
    if (h <= 0 || h > MAXH) return NULL;
    Eval *e = malloc(sizeof(Eval));
    net_init(&e->contact, h, cw1, cb1, cw2, cb2);
    net_init(&e->race, h, rw1, rb1, rw2, rb2);
    return e;
}

void eval_free(Eval *e) {
    if (!e) return;
    net_free(&e->contact);
    net_free(&e->race);
    free(e);
}

/* The first layer's slot and pip part: b1 plus the folded row of every occupied slot. */
static void slot_sum(const Net *n, const u8 *b, float *z) {
    const int h = n->h;
    memcpy(z, n->b1, sizeof(float) * h);
    for (int s = 0; s < NSLOT; s++) {
        int c = b[s];
        if (!c) continue;
        const float *row = n->table + ((size_t)s * 16 + c) * h;
        for (int j = 0; j < h; j++) z[j] += row[j];
    }
}

/* The rest of a forward pass from the slot part z: the extra inputs, the hidden sigmoids, the outputs, made
 * consistent (bot.network._consistent). Written for a width h that the callers below make a constant where
 * they can (128), so that the hidden vector stays in registers across the rows added to it. */
static inline __attribute__((always_inline)) void finish_h(const Net *n, const float *zin, const u8 *b,
                                                         double *o5, const int h) {
    float z[MAXH] __attribute__((aligned(64)));
    for (int j = 0; j < h; j++) z[j] = zin[j];
    double e[NEXTRA];
    extras(b, e);
    for (int k = 0; k < NEXTRA; k++) {
        if (e[k] == 0.0) continue;
        const float ek = (float)e[k], *restrict row = n->wx + k * h;
        for (int j = 0; j < h; j++) z[j] += ek * row[j];
    }
    /* clamped so that expf stays finite (fast-math's vector expf assumes it): the sigmoid is within 1e-26
     * of 0 or 1 there anyway */
    for (int j = 0; j < h; j++) z[j] = 1.0f / (1.0f + expf(-fminf(fmaxf(z[j], -60.0f), 60.0f)));
    double o[5];
    for (int k = 0; k < 5; k++) {
        const float *restrict w = n->w2 + k * h;
        float acc = 0.0f;
        for (int j = 0; j < h; j++) acc += z[j] * w[j];
        o[k] = 1.0 / (1.0 + exp(-(double)(acc + n->b2[k])));
    }
    /* consistent: backgammons <= gammons <= wins (losses); no gammon once a checker is off */
    double w = o[0];
    double gw = b[26] == 0 ? fmin(o[1], w) : 0.0;
    double bw = fmin(o[2], gw);
    double gl = b[0] == 0 ? fmin(o[3], 1.0 - w) : 0.0;
    double bl = fmin(o[4], gl);
    o5[0] = w; o5[1] = gw; o5[2] = bw; o5[3] = gl; o5[4] = bl;
}

static void net_finish(const Net *n, const float *z, const u8 *b, double *o5) {
    if (n->h == 128) finish_h(n, z, b, o5, 128);
    else finish_h(n, z, b, o5, n->h);
}

static void net_forward(const Net *n, const u8 *b, double *o5) {
    float z[MAXH] __attribute__((aligned(64)));
    slot_sum(n, b, z);
    net_finish(n, z, b, o5);
}

/* The same from the slot part zbase of another board base: only the slots that differ are changed (the
 * plays of a roll differ from the board they start from in a few slots). */
static inline __attribute__((always_inline)) void forward_from_h(const Net *n, const float *zbase,
                                                               const u8 *base, const u8 *b, double *o5,
                                                               const int h) {
    float z[MAXH] __attribute__((aligned(64)));
    for (int j = 0; j < h; j++) z[j] = zbase[j];
    for (int s = 0; s < NSLOT; s++) {
        int c = b[s], c0 = base[s];
        if (c == c0) continue;
        const float *restrict add = n->table + ((size_t)s * 16 + c) * h;
        const float *restrict sub = n->table + ((size_t)s * 16 + c0) * h;
        for (int j = 0; j < h; j++) z[j] += add[j] - sub[j];
    }
    finish_h(n, z, b, o5, h);
}

static void net_forward_from(const Net *n, const float *zbase, const u8 *base, const u8 *b, double *o5) {
    if (n->h == 128) forward_from_h(n, zbase, base, b, o5, 128);
    else forward_from_h(n, zbase, base, b, o5, n->h);
}

/* Network outputs for the side on roll (no bear-off table). */
void net_outputs(const Eval *ev, const u8 *boards, int n, double *out) {
    for (int i = 0; i < n; i++) {
        const u8 *b = boards + 52 * i;
        net_forward(is_race(b) ? &ev->race : &ev->contact, b, out + 5 * i);
    }
}

/* ---------------------------------------------------------------------------------------- bear-offs */

static struct {
    int ready, max_checkers, n;
    u8 *off_start, *off_len, *first_start, *first_len;
    int *offsets;
    double *probs;
    int skip[6][16][16];
} BO;

static int comb(int n, int k) {
    if (k < 0 || k > n) return 0;
    long r = 1;
    for (int i = 0; i < k; i++) r = r * (n - i) / (i + 1);
    return (int)r;
}

/* The parsed table of bot.bearoff (its arrays), copied in. */
void bearoff_load(int max_checkers, int n, const u8 *off_start, const u8 *off_len, const u8 *first_start,
                  const u8 *first_len, const int *offsets, const double *probs, int nprobs) {
    BO.ready = 0;
    free(BO.off_start); free(BO.off_len); free(BO.first_start); free(BO.first_len);
    free(BO.offsets); free(BO.probs);
    BO.max_checkers = max_checkers;
    BO.n = n;
    BO.off_start = malloc(n); memcpy(BO.off_start, off_start, n);
    BO.off_len = malloc(n); memcpy(BO.off_len, off_len, n);
    BO.first_start = malloc(n); memcpy(BO.first_start, first_start, n);
    BO.first_len = malloc(n); memcpy(BO.first_len, first_len, n);
    BO.offsets = malloc(sizeof(int) * (n + 1)); memcpy(BO.offsets, offsets, sizeof(int) * (n + 1));
    BO.probs = malloc(sizeof(double) * nprobs); memcpy(BO.probs, probs, sizeof(double) * nprobs);
    for (int i = 0; i < 6; i++) {
        int m = 6 - i - 1;
        for (int rem = 0; rem <= 15; rem++) {
            int acc = 0;
            BO.skip[i][rem][0] = 0;
            for (int c = 0; c < rem; c++) { acc += comb(rem - c + m, m); BO.skip[i][rem][c + 1] = acc; }
        }
    }
    BO.ready = 1;
}

static int bo_index(const u8 *pts) {
    int rem = BO.max_checkers, r = 0;
    for (int i = 0; i < 6; i++) { int c = pts[i]; r += BO.skip[i][rem][c]; rem -= c; }
    return r;
}

/* bot.bearoff.Table._dist: start, length, and the probabilities. */
static const double *bo_dist(const u8 *pts, int first, int *start, int *len) {
    int idx = bo_index(pts);
    int o = BO.offsets[idx];
    if (first) { o += BO.off_len[idx]; *start = BO.first_start[idx]; *len = BO.first_len[idx]; }
    else { *start = BO.off_start[idx]; *len = BO.off_len[idx]; }
    return BO.probs + o;
}

static double tail(int start, const double *ps, int len, int n) {
    if (n <= start) return 1.0;
    double s = 0.0;
    for (int i = n - start; i < len; i++) s += ps[i];
    return s;
}

/* The chance that the winner, whose distribution of turns to bear off all is (d0, d, dl), finishes before
   ``loser`` (no checker off yet) bears off its first checker: the loser's distribution of turns to its first
   checker off from the table (a certain single turn if the table has none); ``shift`` is 1 when the loser
   rolls first. */
static double gammon_chance(const u8 *loser, const double *d, int d0, int dl, int shift) {
    static const double one = 1.0;
    const double *f = &one;
    int f0 = 0, fl = 1, sum = 0;
    for (int p = 1; p <= 6; p++) sum += loser[p];
    if (sum >= 15) f = bo_dist(loser + 1, 1, &f0, &fl);
    double g = 0.0;
    for (int i = 0; i < dl; i++) g += d[i] * tail(f0, f, fl, d0 + i + shift);
    return g;
}

/* Exact outputs of a pure bear-off within the table (bot.bearoff.outputs); 0 when not one. */
int bearoff_outputs(const u8 *b, double *out) {
    if (!BO.ready) return 0;
    const u8 *mine = b, *th = b + 26;
    for (int p = 7; p <= 25; p++) if (mine[p] || th[p]) return 0;
    if (mine[0] < 15 - BO.max_checkers || th[0] < 15 - BO.max_checkers) return 0;
    int a0, al, b0, bl;
    const double *a = bo_dist(mine + 1, 0, &a0, &al), *bb = bo_dist(th + 1, 0, &b0, &bl);
    double win = 0.0, gw = 0.0, gl = 0.0;
    for (int i = 0; i < al; i++) win += a[i] * tail(b0, bb, bl, a0 + i);
    if (th[0] == 0) gw = gammon_chance(th, a, a0, al, 0);
    if (mine[0] == 0) gl = gammon_chance(mine, bb, b0, bl, 1);
    win = fmin(fmax(win, 0.0), 1.0);
    out[0] = win; out[1] = fmin(gw, win); out[2] = 0.0; out[3] = fmin(gl, 1.0 - win); out[4] = 0.0;
    return 1;
}

/* ------------------------------------------------------------------------------------------- search */

/* Outputs for the side on roll: the exact table in a pure bear-off, else the networks. */
static void on_roll(const Eval *ev, const u8 *b, double *o) {
    if (bearoff_outputs(b, o)) return;
    net_forward(is_race(b) ? &ev->race : &ev->contact, b, o);
}

/* Outputs for the mover after its play r (bot.play.after_play_outputs). */
static void after_play(const Eval *ev, const u8 *r, double *o) {
    int k = winner_kind(r);
    if (k) { memcpy(o, WIN_OUT[k], sizeof(double) * 5); return; }
    u8 s[52];
    double t[5];
    swap_board(r, s);
    on_roll(ev, s, t);
    invert(t, o);
}

static const int ROLLS21[21][2] = {{1,1},{1,2},{1,3},{1,4},{1,5},{1,6},{2,2},{2,3},{2,4},{2,5},{2,6},
                                   {3,3},{3,4},{3,5},{3,6},{4,4},{4,5},{4,6},{5,5},{5,6},{6,6}};
static const double RW21[21] = {1,2,2,2,2,2,1,2,2,2,2,1,2,2,2,1,2,2,1,2,1};

/* Per-depth buffers for the plays of a roll (a search nests at most four deep). */
static u8 *play_buf(int depth) {
    static u8 *bufs[8];
    if (!bufs[depth]) bufs[depth] = malloc((size_t)MAXRES * 52);
    return bufs[depth];
}

/* The best 0-ply play of (b, d1, d2) with noise sigma added to every play's equity: its result board (not
 * turned round) into best, its outputs for the mover into o; returns the number of plays. */
static int best_play(const Eval *ev, const u8 *b, int d1, int d2, double noise, Rng *rng, int depth,
                     u8 *best, double *o) {
    u8 *plays = play_buf(depth);
    int n = gen_results(b, d1, d2, plays, MAXRES);
    double bo[5], oo[5], t[5], beq = -1e300;
    int bi = 0;
    /* every play is evaluated turned round (the other side on roll), from the slot sums of the board
     * before the roll turned round, one per network, made when first needed */
    u8 base[52], sw[52];
    swap_board(b, base);
    float zb[2][MAXH] __attribute__((aligned(64)));
    int have[2] = {0, 0};
    for (int i = 0; i < n; i++) {
        const u8 *r = plays + 52 * i;
        int k = winner_kind(r);
        if (k) memcpy(oo, WIN_OUT[k], sizeof oo);
        else {
            swap_board(r, sw);
            if (!bearoff_outputs(sw, t)) {
                int race = is_race(sw);
                const Net *net = race ? &ev->race : &ev->contact;
                if (!have[race]) { slot_sum(net, base, zb[race]); have[race] = 1; }
                net_forward_from(net, zb[race], base, sw, t);
            }
            invert(t, oo);
        }
        double eq = equity(oo);
        if (noise > 0.0 && n > 1) eq += noise * rng_gauss(rng);
        if (eq > beq) { beq = eq; bi = i; memcpy(bo, oo, sizeof bo); }
    }
    memcpy(best, plays + 52 * bi, 52);
    if (o) memcpy(o, bo, sizeof bo);
    return n;
}

/* 1-ply outputs of b for its side on roll, before rolling (bot.play.evaluate_1ply_board). */
static void one_ply(const Eval *ev, const u8 *b, int depth, double *out) {
    if (bearoff_outputs(b, out)) return;
    double acc[5] = {0, 0, 0, 0, 0}, o[5];
    u8 best[52];
    for (int r = 0; r < 21; r++) {
        best_play(ev, b, ROLLS21[r][0], ROLLS21[r][1], 0.0, NULL, depth, best, o);
        for (int k = 0; k < 5; k++) acc[k] += RW21[r] * o[k];
    }
    for (int k = 0; k < 5; k++) out[k] = acc[k] / 36.0;
}

/* one_ply of a board that is not a pure bear-off, and besides the best play of the roll d1-d2 (its
 * result board and the mover's outputs after it): the mean and the draw a rollout's luck compares. */
static void one_ply_and_roll(const Eval *ev, const u8 *b, int d1, int d2, int depth, double *mean, u8 *best,
                             double *o) {
    double acc[5] = {0, 0, 0, 0, 0}, t[5];
    u8 bb[52];
    int lo = d1 < d2 ? d1 : d2, hi = d1 < d2 ? d2 : d1;
    for (int r = 0; r < 21; r++) {
        best_play(ev, b, ROLLS21[r][0], ROLLS21[r][1], 0.0, NULL, depth, bb, t);
        for (int j = 0; j < 5; j++) acc[j] += RW21[r] * t[j];
        if (ROLLS21[r][0] == lo && ROLLS21[r][1] == hi) { memcpy(best, bb, 52); memcpy(o, t, sizeof t); }
    }
    for (int k = 0; k < 5; k++) mean[k] = acc[k] / 36.0;
}

/* 1-ply outputs for the mover after its play r (bot.play.outputs_1ply). */
static void after_play_1ply(const Eval *ev, const u8 *r, int depth, double *o) {
    int k = winner_kind(r);
    if (k) { memcpy(o, WIN_OUT[k], sizeof(double) * 5); return; }
    u8 s[52];
    double t[5];
    swap_board(r, s);
    one_ply(ev, s, depth, t);
    invert(t, o);
}

/* 2-ply outputs of b before rolling (bot_batch.BatchSearch.evaluate_2ply_board with top = 1): over the
 * 21 rolls, the 1-ply value of the best 0-ply play. */
static void two_ply(const Eval *ev, const u8 *b, double *out) {
    if (bearoff_outputs(b, out)) return;
    double acc[5] = {0, 0, 0, 0, 0}, o[5];
    u8 best[52];
    for (int r = 0; r < 21; r++) {
        best_play(ev, b, ROLLS21[r][0], ROLLS21[r][1], 0.0, NULL, 0, best, NULL);
        after_play_1ply(ev, best, 1, o);
        for (int k = 0; k < 5; k++) acc[k] += RW21[r] * o[k];
    }
    for (int k = 0; k < 5; k++) out[k] = acc[k] / 36.0;
}

/* Batched entry points: n boards in, 5 outputs each. plies 0 (table or networks), 1 or 2. */
void evaluate_many(const Eval *ev, const u8 *boards, int n, int plies, double *out) {
    for (int i = 0; i < n; i++) {
        const u8 *b = boards + 52 * i;
        if (plies == 0) on_roll(ev, b, out + 5 * i);
        else if (plies == 1) one_ply(ev, b, 0, out + 5 * i);
        else two_ply(ev, b, out + 5 * i);
    }
}

/* The best play of each (board, dice) at 0-ply: result boards and the mover's outputs. */
void best_plays(const Eval *ev, const u8 *boards, const int *dice, int n, u8 *best, double *out) {
    for (int i = 0; i < n; i++)
        best_play(ev, boards + 52 * i, dice[2 * i], dice[2 * i + 1], 0.0, NULL, 0, best + 52 * i, out + 5 * i);
}

/* The strong level's choice, simplified for the tools: every play within margin of the 0-ply best (at most
 * cands of them, best first) scored at 1-ply, the best of those. cands <= 1: the 0-ply choice. */
static void choose_1ply(const Eval *ev, const u8 *b, int d1, int d2, int cands, double margin, u8 *best) {
    u8 *plays = play_buf(0);
    int n = gen_results(b, d1, d2, plays, MAXRES);
    static double eq[MAXRES];
    static int order[MAXRES];
    double o[5];
    int bi = 0;
    for (int i = 0; i < n; i++) {
        after_play(ev, plays + 52 * i, o);
        eq[i] = equity(o);
        if (eq[i] > eq[bi]) bi = i;
        order[i] = i;
    }
    if (cands <= 1 || n == 1) { memcpy(best, plays + 52 * bi, 52); return; }
    /* partial selection sort: the best cands within margin */
    int m = 0;
    for (; m < cands && m < n; m++) {
        int k = m;
        for (int j = m + 1; j < n; j++) if (eq[order[j]] > eq[order[k]]) k = j;
        int t = order[m]; order[m] = order[k]; order[k] = t;
        if (eq[order[m]] < eq[order[0]] - margin) break;
    }
    if (m <= 1) { memcpy(best, plays + 52 * order[0], 52); return; }
    u8 cand[16][52];
    if (m > 16) m = 16;
    for (int i = 0; i < m; i++) memcpy(cand[i], plays + 52 * order[i], 52);
    double be = -1e300;
    int bk = 0;
    for (int i = 0; i < m; i++) {
        after_play_1ply(ev, cand[i], 1, o);
        double e1 = equity(o);
        if (e1 > be) { be = e1; bk = i; }
    }
    memcpy(best, cand[bk], 52);
}

/* choose_1ply for each (board, dice): result boards (not turned round) into best. */
void choose_plays(const Eval *ev, const u8 *boards, const int *dice, int n, int cands, double margin, u8 *best) {
    for (int i = 0; i < n; i++)
        choose_1ply(ev, boards + 52 * i, dice[2 * i], dice[2 * i + 1], cands, margin, best + 52 * i);
}

/* -------------------------------------------------------------------------------------- games */

static void opening_roll(Rng *r, int *d1, int *d2) {
    do { *d1 = 1 + rng_below(r, 6); *d2 = 1 + rng_below(r, 6); } while (*d1 == *d2);
}

static const u8 START_SIDE[26] = {0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0};

typedef struct { int cands; double margin; double noise; } Player;

/* One cubeless game between two evaluators playing at 0-ply (or the 1-ply choice), ``first`` (0 or 1)
 * moving first; the dice come from rng. Returns the points for player 0 (+-1, 2, 3). */
static int play_one(const Eval *ev[2], const Player pl[2], int first, Rng *dice, Rng *noise) {
    u8 b[52], r[52];
    memcpy(b, START_SIDE, 26);
    memcpy(b + 26, START_SIDE, 26);
    int d1, d2, turn = first;
    opening_roll(dice, &d1, &d2);
    for (int ply = 0; ply < 2000; ply++) {
        if (pl[turn].cands > 1) choose_1ply(ev[turn], b, d1, d2, pl[turn].cands, pl[turn].margin, r);
        else best_play(ev[turn], b, d1, d2, pl[turn].noise, noise, 0, r, NULL);
        int k = winner_kind(r);
        if (k) return turn == 0 ? k : -k;
        swap_board(r, b);
        turn = 1 - turn;
        d1 = 1 + rng_below(dice, 6);
        d2 = 1 + rng_below(dice, 6);
    }
    return 0;
}

/* Paired games: pair i plays twice on the dice of seed + i, each side starting once. pts[2i], pts[2i+1]:
 * player 0's points in each. cands/margin/noise per player. */
void play_pairs(const Eval *a, const Eval *b, int pairs, uint64_t seed, const int *cands, const double *margin,
                const double *noise, int *pts) {
    const Eval *ev[2] = {a, b};
    Player pl[2];
    for (int i = 0; i < 2; i++) { pl[i].cands = cands[i]; pl[i].margin = margin[i]; pl[i].noise = noise[i]; }
    for (int i = 0; i < pairs; i++) {
        for (int g = 0; g < 2; g++) {
            Rng dice, nz;
            rng_seed(&dice, seed + (uint64_t)i);
            rng_seed(&nz, (seed + (uint64_t)i) * 2654435761ull + (uint64_t)g + 7);
            pts[2 * i + g] = play_one(ev, pl, g, &dice, &nz);
        }
    }
}

/* Self-play at 0-ply with per-game noise (each side's sigma drawn from noises), the positions before each
 * roll written to out (at most cap), pure bear-offs skipped. Returns the number written; *games gets the
 * games played. */
int selfplay_positions(const Eval *ev, int ngames, uint64_t seed, const double *noises, int nnoise, u8 *out,
                       int cap, int *games_done) {
    Rng rng;
    rng_seed(&rng, seed);
    int n = 0, g = 0;
    u8 b[52], r[52];
    double tmp[5];
    for (; g < ngames && n < cap; g++) {
        double nz[2] = {noises[rng_below(&rng, nnoise)], noises[rng_below(&rng, nnoise)]};
        int side = rng_below(&rng, 2), d1, d2;
        memcpy(b, START_SIDE, 26);
        memcpy(b + 26, START_SIDE, 26);
        opening_roll(&rng, &d1, &d2);
        for (int ply = 0; ply < 2000 && n < cap; ply++) {
            if (!bearoff_outputs(b, tmp)) { memcpy(out + 52 * n, b, 52); n++; }
            best_play(ev, b, d1, d2, nz[side], &rng, 0, r, NULL);
            if (winner_kind(r)) break;
            swap_board(r, b);
            side = 1 - side;
            d1 = 1 + rng_below(&rng, 6);
            d2 = 1 + rng_below(&rng, 6);
        }
    }
    *games_done = g;
    return n;
}

/* Rollouts of each board (side on roll, before rolling) at 0-ply: trials games, each played on for at most
 * horizon plies (0: to the end) and ended by the game's result, the exact bear-off table, or the 0-ply
 * outputs after its last play. Stratified dice: at every ply the trials' rolls run through a random
 * permutation of the 36 ordered rolls per block of 36 trials (at the first ply the identity, when the trials
 * are a multiple of 36, so that each roll comes equally often). With vr set,
 * each trial's outputs are corrected by the luck of every roll: the outputs after the best play of the roll
 * made, less their average over the 21 rolls (the 1-ply outputs before the roll), summed over the plies in
 * the root's view and subtracted, a correction of mean zero that removes most of the dice's variance.
 * Outputs for the root's side on roll. */
void rollout_many(const Eval *ev, const u8 *boards, int n, int trials, int horizon, int vr, uint64_t seed,
                  double *out) {
    Rng rng;
    rng_seed(&rng, seed);
    int nb = (trials + 35) / 36;
    int maxply = horizon > 0 ? horizon : 1000;
    int *perm = malloc(sizeof(int) * 36 * (size_t)nb * maxply);
    u8 *drawn = malloc((size_t)nb * maxply);
    for (int i = 0; i < n; i++) {
        const u8 *root = boards + 52 * i;
        double acc[5] = {0, 0, 0, 0, 0};
        memset(drawn, 0, (size_t)nb * maxply);
        for (int t = 0; t < trials; t++) {
            u8 b[52], r[52], s[52];
            memcpy(b, root, 52);
            double o[5], res[5] = {0, 0, 0, 0, 0}, luck[5] = {0, 0, 0, 0, 0}, ex[5];
            int mine = 1;
            for (int ply = 0; ply < maxply; ply++) {
                size_t at = (size_t)ply * nb + t / 36;
                int *p = perm + 36 * at;
                if (!drawn[at]) {
                    drawn[at] = 1;
                    for (int k = 0; k < 36; k++) p[k] = k;
                    if (ply > 0 || trials % 36)
                        for (int k = 35; k > 0; k--) { int j = rng_below(&rng, k + 1), x = p[k]; p[k] = p[j]; p[j] = x; }
                }
                int roll = p[t % 36], d1 = roll / 6 + 1, d2 = roll % 6 + 1;
                best_play(ev, b, d1, d2, 0.0, NULL, 0, r, o);
                if (vr) {
                    double mean[5], l[5], d[5];
                    one_ply(ev, b, 1, mean);
                    for (int k = 0; k < 5; k++) d[k] = o[k] - mean[k];
                    if (mine) memcpy(l, d, sizeof l);
                    else { l[0] = -d[0]; l[1] = d[3]; l[2] = d[4]; l[3] = d[1]; l[4] = d[2]; }
                    for (int k = 0; k < 5; k++) luck[k] += l[k];
                }
                int k = winner_kind(r);
                swap_board(r, s);
                if (k || ply == maxply - 1 || bearoff_outputs(s, ex)) {
                    if (mine) memcpy(res, o, sizeof res); else invert(o, res);
                    break;
                }
                memcpy(b, s, 52);
                mine = !mine;
            }
            for (int k = 0; k < 5; k++) acc[k] += res[k] - luck[k];
        }
        for (int k = 0; k < 5; k++) out[5 * i + k] = acc[k] / trials;
    }
    free(perm);
    free(drawn);
}

/* Self-play games whose every position gets a variance-reduced rollout target from the game itself.
 *
 * Game g starts from starts[g % nstart] (the side on roll first); its dice are drawn up front. Its first k
 * plies (k drawn from 0..maxk, the equity noise sigma from noises) are played with noise, to reach positions
 * off the greedy line; from ply k on both sides play the greedy 0-ply to the end (vr_line), and each
 * position s_t reached (not a pure bear-off: those are exact) is recorded with, in the view of its side on
 * roll,
 *     Y_t = mean_t + lam * (invert(Y_{t+1}) - o_t),    Y_T = mean_T at the last roll,
 * where mean_t is the 1-ply of s_t (the outputs after each roll's best play, averaged over the 21 rolls) and
 * o_t the outputs after the play of the roll that came. At lam = 1 this is the game's outcome less the luck
 * (o_t - mean_t) of every roll from t on: an unbiased estimate of s_t's value under greedy play, a rollout
 * of one trial with most of the dice's variance removed; at lam = 0, the 1-ply. One game gives a target for
 * every position it passes, at the cost of one 1-ply a position.
 *
 * With cands > 1 the greedy part plays the strong level's choice instead (choose_1ply: the 1-ply look on
 * the best cands plays within 0.08), a stronger policy whose value the targets then estimate. The luck is
 * still measured with the 0-ply best play of each roll (mean_t, o_t): a function of the position and the
 * roll only, so its correction keeps a mean of zero whichever play is made.
 *
 * Writes at most cap boards and targets; returns how many; *games_done gets the games played. */
#define MAXPLY 1000

typedef struct { u8 board[52]; double mean[5], o[5]; } Rec;

static void vr_line(const Eval *ev, const u8 *start, const int (*dice)[2], int p0, double lam, int cands,
                    u8 *out, double *targets, int cap, int *n) {
    static Rec rec[2048];
    int m = 0;
    u8 b[52], r[52];
    double ex[5];
    memcpy(b, start, 52);
    for (int ply = p0; ply < MAXPLY && m < 2048; ply++) {
        if (bearoff_outputs(b, ex)) break;
        Rec *x = &rec[m++];
        memcpy(x->board, b, 52);
        one_ply_and_roll(ev, b, dice[ply][0], dice[ply][1], 1, x->mean, r, x->o);
        if (cands > 1) choose_1ply(ev, b, dice[ply][0], dice[ply][1], cands, 0.08, r);
        if (winner_kind(r)) break;
        swap_board(r, b);
    }
    if (!m || *n + m > cap) return;  /* a line that does not fit is left out whole */
    double y[5], z[5];
    memcpy(y, rec[m - 1].mean, sizeof y);
    for (int t = m - 1; t >= 0; t--) {
        if (t < m - 1) {
            invert(y, z);
            for (int j = 0; j < 5; j++) y[j] = rec[t].mean[j] + lam * (z[j] - rec[t].o[j]);
        }
        memcpy(out + 52 * (size_t)(*n + t), rec[t].board, 52);
        memcpy(targets + 5 * (size_t)(*n + t), y, sizeof y);
    }
    *n += m;
}

int vr_games(const Eval *ev, int ngames, uint64_t seed, const u8 *starts, int nstart, const double *noises,
             int nnoise, int maxk, double lam, int cands, u8 *out, double *targets, int cap, int *games_done) {
    Rng rng;
    rng_seed(&rng, seed);
    int n = 0, g = 0;
    static int dice[MAXPLY][2];
    u8 b[52], r[52];
    double ex[5];
    for (; g < ngames && n < cap; g++) {
        memcpy(b, starts + 52 * (g % nstart), 52);
        double sigma = noises[rng_below(&rng, nnoise)];
        int k = maxk > 0 ? rng_below(&rng, maxk + 1) : 0;
        if (!memcmp(b, START_SIDE, 26) && !memcmp(b + 26, START_SIDE, 26)) opening_roll(&rng, &dice[0][0], &dice[0][1]);
        else { dice[0][0] = 1 + rng_below(&rng, 6); dice[0][1] = 1 + rng_below(&rng, 6); }
        for (int i = 1; i < MAXPLY; i++) { dice[i][0] = 1 + rng_below(&rng, 6); dice[i][1] = 1 + rng_below(&rng, 6); }
        int ply = 0, over = 0;
        for (; ply < k; ply++) {
            if (bearoff_outputs(b, ex)) { over = 1; break; }
            best_play(ev, b, dice[ply][0], dice[ply][1], sigma, &rng, 0, r, NULL);
            if (winner_kind(r)) { over = 1; break; }
            swap_board(r, b);
        }
        if (!over) vr_line(ev, b, (const int (*)[2])dice, ply, lam, cands, out, targets, cap, &n);
    }
    *games_done = g;
    return n;
}

/*
 * docket's strict scanner and schema walk, compiled to WebAssembly (cli/dev/build-wasm.ts): the
 * accelerator of the canonical-form proof (the exact reference is json.ts's scanner) and of the
 * schema check (the reference is ajv, format/schemas.ts). replay/accel/README.md says what it
 * proves, what it leaves to the reference, and how the two are held together.
 *
 * What "canonical" proves here, for bytes that are valid UTF-8 (the caller checks that):
 * - no whitespace outside strings and nothing after the value;
 * - strings hold no raw control character and only the escapes JCS writes (`\" \\ \b \f \n \r \t`,
 *   and lowercase `\u00xx` for the other control characters): no escaped surrogates, and valid
 *   UTF-8 has no raw ones, so every string is well formed;
 * - numbers: integers of at most 15 digits and short plain decimals are checked here; any other
 *   number token is printed back by the caller (it must print back unchanged, finite, and safe if
 *   integral);
 * - object members strictly increase in UTF-16 code-unit order, which also rules out duplicates.
 *   Raw UTF-8 bytes order keys the same way as UTF-16 units for characters below U+E000, so a key
 *   with an escape or a byte >= 0xEE (U+E000 and above) is left to the reference.
 *
 * Memory is laid out by the caller (replay/accel/strict-wasm.ts): the text at `b`, followed by at
 * least PAD zero bytes (so every look-ahead reads a zero, which no rule accepts); the table at `a`.
 * Every offset and code shared with TypeScript is in strict-layout.h, rendered from
 * replay/accel/strict-layout.ts.
 */
#include <wasm_simd128.h>
#include "strict-layout.h"

typedef unsigned char u8;
typedef unsigned int u32;
typedef int i32;

extern u8 __heap_base;

/* Where the caller may lay out its memory: everything below is this module's. */
__attribute__((export_name("heap")))
u32 heap(void) { return (u32)&__heap_base; }

enum { ARRAY = 1, OBJECT = 2 };

static u8 kind[MAX_DEPTH];
static u32 key_start[MAX_DEPTH];
static u32 key_end[MAX_DEPTH];
static u32 open_at[MAX_DEPTH];

/* Results beside the return value: how many number tokens the caller must print back (pending). */
static u32 pending_count;

__attribute__((export_name("pending")))
u32 pending_tokens(void) { return pending_count; }

static i32 *table;
static u32 table_n, table_cap;
static u32 *pending;
static u32 pending_cap;

static int open_container(u32 start) {
  if (table_n + TABLE_SIZE > table_cap) return -1;
  u32 at = table_n;
  table[at + TABLE_START] = (i32)start;
  table_n = at + TABLE_SIZE;
  return (int)at;
}

static void close_container(u32 at, u32 end) {
  table[at + TABLE_END] = (i32)end;
  table[at + TABLE_NEXT] = (i32)table_n;
}

static int is_digit(u8 c) { return c >= '0' && c <= '9'; }

/* From just after an opening quote to just after the closing one, or -1; sixteen bytes at a time. */
static i32 string_end(const u8 *b, u32 i) {
  const v128_t quote = wasm_i8x16_splat('"');
  const v128_t slash = wasm_i8x16_splat('\\');
  const v128_t space = wasm_i8x16_splat(0x20);
  for (;;) {
    v128_t v = wasm_v128_load(b + i);
    v128_t hit = wasm_v128_or(wasm_v128_or(wasm_i8x16_eq(v, quote), wasm_i8x16_eq(v, slash)), wasm_u8x16_lt(v, space));
    u32 mask = wasm_i8x16_bitmask(hit);
    if (mask == 0) {
      i += 16;
      continue;
    }
    i += __builtin_ctz(mask);
    u8 c = b[i];
    if (c == '"') return (i32)i + 1;
    if (c < 0x20) return -1;
    /* An escape at i: only the ones JCS writes. */
    u8 e = b[i + 1];
    if (e == '"' || e == '\\' || e == 'b' || e == 'f' || e == 'n' || e == 'r' || e == 't') {
      i += 2;
      continue;
    }
    /* \u00xx (lowercase hex) only for a control character that has no short form. */
    if (e != 'u' || b[i + 2] != '0' || b[i + 3] != '0') return -1;
    u8 hi = b[i + 4], lo = b[i + 5];
    if (hi != '0' && hi != '1') return -1;
    int low = lo >= '0' && lo <= '9' ? lo - '0' : lo >= 'a' && lo <= 'f' ? lo - 'a' + 10 : -1;
    if (low < 0) return -1;
    int code = (hi - '0') * 16 + low;
    if (code == 0x08 || code == 0x09 || code == 0x0a || code == 0x0c || code == 0x0d) return -1;
    i += 6;
  }
}

/* A token the caller must print back (strict-wasm.ts numberPrintsBack); UNDECIDED when no room. */
static i32 print_back(u32 start, u32 end) {
  if (end - start > 32) return -1;
  if (pending_count * 2 + 2 > pending_cap) return UNDECIDED;
  pending[pending_count * 2] = start;
  pending[pending_count * 2 + 1] = end;
  pending_count++;
  return (i32)end;
}

/*
 * `I.F` with no exponent, from the first digit of I to the end of F: canonical without a round trip
 * when it has at most 15 significant digits (DBL_DIG: such a decimal is the shortest form of its
 * double), F does not end in 0, and a value below 1 has at most five zeros after the point
 * (ECMAScript prints 1e-7 and smaller in exponent form). Anything else is printed back.
 */
static int plain_decimal_is_canonical(const u8 *b, u32 first, u32 end) {
  if (b[end - 1] == '0') return 0;
  u32 sig = first;
  if (b[first] == '0') {
    sig = first + 2;
    while (b[sig] == '0') sig++;
    if (sig - (first + 2) > 5) return 0;
    return end - sig <= 15;
  }
  return end - sig - 1 <= 15;
}

/* From the first byte of a number token to just after it; -1 not canonical, UNDECIDED no room. */
static i32 number_end(const u8 *b, u32 i) {
  u32 start = i;
  if (b[i] == '-') i++;
  u32 first = i;
  if (b[i] == '0') i++;
  else if (is_digit(b[i])) while (is_digit(b[++i]));
  else return -1;
  u8 c = b[i];
  if (c != '.' && c != 'e' && c != 'E') {
    u32 digits = i - first;
    if (digits == 1 && b[first] == '0' && first > start) return -1;
    return digits <= 15 ? (i32)i : print_back(start, i);
  }
  u32 fraction_end = 0;
  if (c == '.') {
    if (!is_digit(b[++i])) return -1;
    while (is_digit(b[++i]));
    fraction_end = i;
  }
  if (b[i] == 'e' || b[i] == 'E') {
    if (b[++i] == '+' || b[i] == '-') i++;
    if (!is_digit(b[i])) return -1;
    while (is_digit(b[++i]));
    return print_back(start, i);
  }
  return plain_decimal_is_canonical(b, first, fraction_end) ? (i32)i : print_back(start, i);
}

/* Whether b[s1, e1) sorts before b[s2, e2); names of up to 16 bytes in one vector compare. */
static int bytes_less(const u8 *b, u32 s1, u32 e1, u32 s2, u32 e2) {
  u32 l1 = e1 - s1, l2 = e2 - s2;
  u32 m = l1 < l2 ? l1 : l2;
  if (m <= 16) {
    u32 differ = ~wasm_i8x16_bitmask(wasm_i8x16_eq(wasm_v128_load(b + s1), wasm_v128_load(b + s2))) & ((1u << m) - 1);
    if (differ) {
      u32 k = __builtin_ctz(differ);
      return b[s1 + k] < b[s2 + k];
    }
    return l1 < l2;
  }
  for (u32 k = 0; k < m; k++) {
    u8 x = b[s1 + k], y = b[s2 + k];
    if (x != y) return x < y;
  }
  return l1 < l2;
}

/* A member name and its colon at i; checks order against the previous name. Returns where the value starts. */
static i32 member(const u8 *b, u32 i, u32 level) {
  if (b[i] != '"') return -1;
  u32 start = i + 1, end = start;
  /* A name with an escape, a raw control byte or a byte >= 0xEE is left to the exact scanner. */
  const v128_t quote = wasm_i8x16_splat('"'), slash = wasm_i8x16_splat('\\');
  const v128_t space = wasm_i8x16_splat(0x20), high = wasm_i8x16_splat((char)0xed);
  for (;;) {
    v128_t v = wasm_v128_load(b + end);
    u32 stop = wasm_i8x16_bitmask(wasm_i8x16_eq(v, quote));
    u32 bad = wasm_i8x16_bitmask(wasm_v128_or(wasm_v128_or(wasm_i8x16_eq(v, slash), wasm_u8x16_lt(v, space)), wasm_u8x16_gt(v, high)));
    if (stop) {
      u32 len = __builtin_ctz(stop);
      if (bad & ((1u << len) - 1)) return -1;
      end += len;
      break;
    }
    if (bad) return -1;
    end += 16;
  }
  u32 prev = key_start[level];
  if (prev != 0xffffffffu && !bytes_less(b, prev, key_end[level], start, end)) return -1;
  key_start[level] = start;
  key_end[level] = end;
  return b[end + 1] == ':' ? (i32)end + 2 : -1;
}

/*
 * Scan the n bytes at b. Returns the number of table cells written (TABLE records), NOT_CANONICAL,
 * or UNDECIDED (table, pending list or depth exhausted: the reference decides). Offsets in the
 * table are relative to b.
 */
__attribute__((export_name("scan")))
i32 scan(const u8 *b, u32 n, i32 *a, u32 a_cap, u32 *pend, u32 pend_cap) {
  table = a;
  table_n = 0;
  table_cap = a_cap;
  pending = pend;
  pending_cap = pend_cap;
  pending_count = 0;
  u32 depth = 0, i = 0;
  for (;;) {
    u8 c = b[i];
    i32 r;
    if (c == '"') {
      r = string_end(b, i + 1);
      if (r < 0) return NOT_CANONICAL;
      i = (u32)r;
    } else if (c == '{' || c == '[') {
      u8 close = c == '{' ? '}' : ']';
      if (b[++i] == close) {
        i++;
        int at = open_container(i - 2);
        if (at < 0) return UNDECIDED;
        close_container((u32)at, i);
      } else {
        if (depth == MAX_DEPTH) return UNDECIDED;
        int at = open_container(i - 1);
        if (at < 0) return UNDECIDED;
        open_at[depth] = (u32)at;
        kind[depth] = c == '{' ? OBJECT : ARRAY;
        key_start[depth] = 0xffffffffu;
        depth++;
        if (c == '{') {
          r = member(b, i, depth - 1);
          if (r < 0) return NOT_CANONICAL;
          i = (u32)r;
        }
        continue;
      }
    } else if (c == 't') {
      if (b[i + 1] != 'r' || b[i + 2] != 'u' || b[i + 3] != 'e') return NOT_CANONICAL;
      i += 4;
    } else if (c == 'f') {
      if (b[i + 1] != 'a' || b[i + 2] != 'l' || b[i + 3] != 's' || b[i + 4] != 'e') return NOT_CANONICAL;
      i += 5;
    } else if (c == 'n') {
      if (b[i + 1] != 'u' || b[i + 2] != 'l' || b[i + 3] != 'l') return NOT_CANONICAL;
      i += 4;
    } else {
      r = number_end(b, i);
      if (r == UNDECIDED) return UNDECIDED;
      if (r < 0) return NOT_CANONICAL;
      i = (u32)r;
    }
    /* After a value: close what ends here, then step to the next value. */
    for (;;) {
      if (depth == 0) return i == n ? (i32)table_n : NOT_CANONICAL;
      u8 d = b[i];
      if (kind[depth - 1] == ARRAY) {
        if (d == ',') {
          i++;
          break;
        }
        if (d != ']') return NOT_CANONICAL;
        i++;
        depth--;
        close_container(open_at[depth], i);
        continue;
      }
      if (d == '}') {
        i++;
        depth--;
        close_container(open_at[depth], i);
        continue;
      }
      if (d != ',') return NOT_CANONICAL;
      r = member(b, i + 1, depth - 1);
      if (r < 0) return NOT_CANONICAL;
      i = (u32)r;
      break;
    }
  }
}

/*
 * The schema walk over a text this module scanned, against a plan built by schema-bytes.ts
 * `wasmPlan` from the compiled schema (node records N, name entries M: strict-layout.h). Sound, not
 * complete: a result >= 0 means the text is valid, exactly as ajv would find it (same end, same
 * captured spans, the same references once the caller orders them); UNDECIDED means "ask ajv". What
 * it leaves to the caller, as CHECK records:
 * - a pattern other than the digest, and a bound on a number it cannot compare exactly;
 * - every bundle reference, with its path (the caller spells the pointer and orders them as ajv does).
 * Inside oneOf those would choose the branch: there they make the walk UNDECIDED.
 */
static const u8 *wb;      /* the text */
static const i32 *wt;     /* the scan's table */
static u32 wt_n;          /* its cells */
static u32 wc;            /* the next container's index in the table */
static const i32 *nt;     /* node table */
static const u8 *blob;    /* names and const values */
static const double *bounds; /* per node id: minimum, maximum */
static i32 items_node;    /* the projection's array items node, or -1 */
static const i32 *item_slots;
static u32 n_item_slots;
static i32 *slot_start, *slot_end;
static u32 n_slots;
static i32 *out;          /* per element of the projected array: start, end, slot starts, slot ends */
static u32 out_n, out_cap;
static i32 *checks;       /* CHECK records for the caller */
static u32 checks_n, checks_cap;
static u32 in_oneof;
static u32 level;         /* the depth of the value being walked: the root is at 0 */
static i32 path[MAX_DEPTH * PATH_SIZE]; /* per level below the root: the member or element it is in */

static i32 w_value(i32 node, u32 i);
static i32 w_members(i32 node, u32 j);

static u32 w_number_end(u32 i) {
  for (;;) {
    u8 c = wb[++i];
    if (!((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-')) return i;
  }
}

static int w_is_integral(u32 s, u32 e) {
  for (u32 k = s; k < e; k++) {
    u8 c = wb[k];
    if (c == 'e') return wb[k + 1] == '+';
    if (c == '.') {
      while (k < e && wb[k] != 'e') k++;
      return k < e && wb[k + 1] == '+';
    }
  }
  return 1;
}

/* The end of any value at i; a container's through the scan's table, in O(1). */
static i32 w_skip(u32 i) {
  u8 c = wb[i];
  if (c == '"') return string_end(wb, i + 1); /* proven text: the strict scan's answer is its end */
  if (c == 't' || c == 'n') return (i32)i + 4;
  if (c == 'f') return (i32)i + 5;
  if (c != '{' && c != '[') return (i32)w_number_end(i);
  if (wc >= wt_n || wt[wc + TABLE_START] != (i32)i) return -1; /* out of step with the scan: refuse */
  i32 end = wt[wc + TABLE_END];
  wc = (u32)wt[wc + TABLE_NEXT];
  return end;
}

/* A CHECK record; a reference also gets its path. 0 when it cannot be left (in oneOf, no room). */
static int w_record(i32 what, i32 node, u32 s, u32 e) {
  if (in_oneof) return 0;
  u32 extra = what == CHECK_REF ? level * PATH_SIZE : 0;
  if (checks_n + CHECK_SIZE + extra > checks_cap) return 0;
  i32 *c = checks + checks_n;
  c[CHECK_WHAT] = what;
  c[CHECK_NODE] = nt[node + N_ID];
  c[CHECK_START] = (i32)s;
  c[CHECK_END] = (i32)e;
  c[CHECK_EXTRA] = (i32)extra;
  for (u32 k = 0; k < extra; k++) c[CHECK_SIZE + k] = path[k];
  checks_n += CHECK_SIZE + extra;
  return 1;
}

/* One level down, into the members of the container being walked. */
static int w_enter(void) {
  if (level + 1 >= MAX_DEPTH) return 0;
  level++;
  return 1;
}

/* Which member or element of its container the value being walked is. */
static void w_at(i32 name_start, i32 name_end, i32 rank) {
  i32 *p = path + (level - 1) * PATH_SIZE;
  p[PATH_NAME_START] = name_start;
  p[PATH_NAME_END] = name_end;
  p[PATH_RANK] = rank;
}

static u32 w_code_points(u32 s, u32 e) {
  u32 n = 0;
  for (u32 k = s; k < e; k++) {
    u8 c = wb[k];
    if (c == '\\') {
      n++;
      k += wb[k + 1] == 'u' ? 5 : 1;
    } else if ((c & 0xc0) != 0x80) n++;
  }
  return n;
}

/* `"sha256:` + 64 lowercase hex + `"`, sixteen bytes at a time (one in ten bytes of a journal line is a digest). */
static int w_is_digest(u32 s, u32 e) {
  if (e - s != 73) return 0;
  unsigned long long head;
  __builtin_memcpy(&head, wb + s, 8);
  if (head != 0x3a36353261687322ull) return 0; /* the bytes `"sha256:` read little-endian */
  const v128_t zero = wasm_i8x16_splat('0'), ten = wasm_i8x16_splat(10);
  const v128_t a = wasm_i8x16_splat('a'), six = wasm_i8x16_splat(6);
  for (u32 k = s + 8; k < s + 72; k += 16) {
    v128_t v = wasm_v128_load(wb + k);
    v128_t hex = wasm_v128_or(wasm_u8x16_lt(wasm_i8x16_sub(v, zero), ten), wasm_u8x16_lt(wasm_i8x16_sub(v, a), six));
    if (!wasm_i8x16_all_true(hex)) return 0;
  }
  return 1;
}

static int w_one_of_bytes(i32 node, u32 s, u32 e) {
  const i32 *list = nt + nt[node + N_CONSTS];
  i32 n = nt[node + N_NCONSTS];
  for (i32 k = 0; k < n; k++) {
    u32 off = (u32)list[2 * k], len = (u32)list[2 * k + 1];
    if (len != e - s) continue;
    u32 x = 0;
    while (x < len && blob[off + x] == wb[s + x]) x++;
    if (x == len) return 1;
  }
  return 0;
}

/* An integral bound within ±2^53: compared exactly below (no conversion that could trap). */
static int is_small_integer(double m) {
  return m == __builtin_floor(m) && m <= 9007199254740992.0 && m >= -9007199254740992.0;
}

/*
 * 1 within the node's bounds, 0 outside, -1 when not decidable here. Exact for a canonical number
 * without exponent whose integer part has at most 15 digits, against integral bounds: such an
 * integer part is exact in a double, and a canonical fraction is never zero, so v = I.F lies
 * strictly between I and I + 1 (or -I - 1 and -I).
 */
static int w_in_range(i32 node, u32 s, u32 e) {
  i32 flags = nt[node + N_FLAGS];
  i32 id = nt[node + N_ID];
  int neg = wb[s] == '-';
  u32 k = neg ? s + 1 : s;
  double whole = 0;
  u32 digits = 0;
  while (k < e && wb[k] >= '0' && wb[k] <= '9') {
    whole = whole * 10 + (wb[k] - '0');
    k++;
    digits++;
  }
  if (digits > 15) return -1;
  int fraction = 0;
  if (k < e) {
    if (wb[k] != '.') return -1;
    for (u32 x = k + 1; x < e; x++) if (wb[x] == 'e' || wb[x] == 'E') return -1;
    fraction = 1;
  }
  double lo, hi; /* v lies in [lo, hi] when no fraction, else strictly inside (lo, hi) */
  if (!fraction) lo = hi = neg ? -whole : whole;
  else if (neg) lo = -whole - 1, hi = -whole;
  else lo = whole, hi = whole + 1;
  if (flags & F_MIN) {
    double m = bounds[2 * id];
    if (!is_small_integer(m)) return -1;
    if (!fraction ? lo < m : hi <= m) return 0;
  }
  if (flags & F_MAX) {
    double m = bounds[2 * id + 1];
    if (!is_small_integer(m)) return -1;
    if (!fraction ? hi > m : lo >= m) return 0;
  }
  return 1;
}

/* Sorted-name comparison of a schema name with the member name wb[s, e). */
static i32 w_compare_name(const i32 *m, u32 s, u32 e) {
  u32 off = (u32)m[M_OFF], l1 = (u32)m[M_LEN], l2 = e - s;
  u32 n = l1 < l2 ? l1 : l2;
  for (u32 k = 0; k < n; k++) {
    u8 x = blob[off + k], y = wb[s + k];
    if (x != y) return (i32)x - (i32)y;
  }
  return (i32)l1 - (i32)l2;
}

static i32 w_one_of(i32 node, u32 i) {
  const i32 *branches = nt + nt[node + N_ONEOF];
  i32 count = nt[node + N_NONEOF];
  u32 c = wc, kept_c = wc;
  i32 matched = 0, end = -1;
  in_oneof++;
  for (i32 k = 0; k < count; k++) {
    i32 e = w_value(branches[k], i);
    if (e == UNDECIDED) {
      in_oneof--;
      return UNDECIDED;
    }
    if (e >= 0) {
      matched++;
      end = e;
      kept_c = wc;
    }
    wc = c;
  }
  in_oneof--;
  if (matched != 1) return -1;
  wc = kept_c;
  return end;
}

static i32 w_object(i32 node, u32 i) {
  wc += TABLE_SIZE; /* this container */
  u32 j = i + 1;
  if (wb[j] == '}') return nt[node + N_REQUIRED] == 0 ? (i32)j + 1 : -1;
  if (!w_enter()) return UNDECIDED;
  i32 e = w_members(node, j);
  level--;
  return e;
}

/* The members of a non-empty object, from the opening quote of the first name at j: its end, or < 0. */
static i32 w_members(i32 node, u32 j) {
  const u8 *b = wb;
  const i32 *names = nt + nt[node + N_NAMES];
  i32 count = nt[node + N_NNAMES];
  i32 p = 0, required = 0;
  for (;;) {
    u32 ks = j + 1, ke = ks;
    while (b[ke] != '"') ke++;
    i32 order = -1;
    while (p < count && (order = w_compare_name(names + p * M_SIZE, ks, ke)) < 0) p++;
    i32 sub, slot = -1, rank = count; /* a member the schema does not name comes after those it does */
    if (p < count && order == 0) {
      const i32 *m = names + p * M_SIZE;
      sub = m[M_NODE];
      required += m[M_REQUIRED];
      slot = m[M_SLOT];
      rank = m[M_RANK];
      p++;
    } else if (nt[node + N_ADDITIONAL] < 0) return -1;
    else sub = nt[node + N_ADDITIONAL];
    w_at((i32)ks, (i32)ke, rank);
    i32 e = w_value(sub, ke + 2);
    if (e < 0) return e;
    if (slot >= 0) {
      slot_start[slot] = (i32)ke + 2;
      slot_end[slot] = e;
    }
    j = (u32)e;
    if (b[j] == ',') {
      j++;
      continue;
    }
    if (required != nt[node + N_REQUIRED]) return -1;
    return (i32)j + 1;
  }
}

static i32 w_array(i32 node, u32 i) {
  const u8 *b = wb;
  u32 j = i + 1;
  i32 count = 0;
  i32 items = nt[node + N_ITEMS];
  i32 min_items = nt[node + N_MINITEMS], max_items = nt[node + N_MAXITEMS];
  if (items < 0 && min_items < 0 && max_items < 0) return w_skip(i);
  wc += TABLE_SIZE;
  if (b[j] == ']') j++;
  else {
    if (items < 0) items = 0; /* node 0 is ANY */
    int hooked = items == items_node;
    if (!w_enter()) return UNDECIDED;
    for (;;) {
      if (hooked) for (u32 k = 0; k < n_item_slots; k++) slot_start[item_slots[k]] = -1;
      u32 start = j;
      w_at(-1, count, 0);
      i32 e = w_value(items, j);
      if (e >= 0 && hooked && out_n + OUT_SLOTS + 2 * n_slots > out_cap) e = UNDECIDED;
      if (e < 0) {
        level--;
        return e;
      }
      j = (u32)e;
      if (hooked) {
        i32 *o = out + out_n;
        o[OUT_START] = (i32)start;
        o[OUT_END] = e;
        for (u32 k = 0; k < n_slots; k++) o[OUT_SLOTS + k] = slot_start[k];
        for (u32 k = 0; k < n_slots; k++) o[OUT_SLOTS + n_slots + k] = slot_end[k];
        out_n += OUT_SLOTS + 2 * n_slots;
      }
      count++;
      if (b[j++] == ']') break;
    }
    level--;
  }
  if ((min_items >= 0 && count < min_items) || (max_items >= 0 && count > max_items)) return -1;
  return (i32)j;
}

static i32 w_value(i32 node, u32 i) {
  const u8 *b = wb;
  i32 flags = nt[node + N_FLAGS];
  if (flags & F_ANY) return w_skip(i);
  u8 c = b[i];
  i32 t, end = -1;
  if (c == '"') {
    t = T_STR;
    end = string_end(wb, i + 1);
  } else if (c == '{') t = T_OBJ;
  else if (c == '[') t = T_ARR;
  else if (c == 't') t = T_BOOL, end = (i32)i + 4;
  else if (c == 'f') t = T_BOOL, end = (i32)i + 5;
  else if (c == 'n') t = T_NULL, end = (i32)i + 4;
  else {
    end = (i32)w_number_end(i);
    t = w_is_integral(i, (u32)end) ? T_INT : T_FRAC;
  }
  u32 c0 = wc;
  i32 branch_end = -1;
  if (nt[node + N_NONEOF] >= 0) {
    branch_end = w_one_of(node, i);
    if (branch_end < 0) return branch_end;
  }
  if ((nt[node + N_TYPES] & t) == 0) return -1;
  if (t == T_OBJ) {
    if (nt[node + N_NNAMES] || !(flags & F_ADDITIONAL_ANY)) {
      wc = c0;
      end = w_object(node, i);
    } else end = branch_end >= 0 ? branch_end : w_skip(i);
  } else if (t == T_ARR) {
    wc = c0;
    end = w_array(node, i);
  }
  if (end < 0) return end;
  if (nt[node + N_NCONSTS] >= 0 && !w_one_of_bytes(node, i, (u32)end)) return -1;
  if (t == T_STR) {
    if ((flags & F_DIGEST) && !w_is_digest(i, (u32)end)) return -1;
    if ((flags & F_PATTERN) && !w_record(CHECK_PATTERN, node, i, (u32)end)) return UNDECIDED;
    if ((flags & F_REF) && !w_record(CHECK_REF, node, i, (u32)end)) return UNDECIDED;
    i32 min_len = nt[node + N_MINLEN], max_len = nt[node + N_MAXLEN];
    if (min_len >= 0 || max_len >= 0) {
      u32 len = w_code_points(i + 1, (u32)end - 1);
      if ((min_len >= 0 && len < (u32)min_len) || (max_len >= 0 && len > (u32)max_len)) return -1;
    }
  } else if ((t == T_INT || t == T_FRAC) && (flags & (F_MIN | F_MAX))) {
    int r = w_in_range(node, i, (u32)end);
    if (r == 0) return -1;
    if (r < 0 && !w_record(CHECK_RANGE, node, i, (u32)end)) return UNDECIDED;
  }
  return end;
}

/*
 * Walk the text at b (n bytes, scanned by `scan` into the table at a: a_n cells) against the node
 * at `root`. Returns the end of the root value (== n when valid), INVALID, or UNDECIDED. `io` holds
 * the rest of the call's arguments (i32 words at the ARG positions).
 */
__attribute__((export_name("walk")))
i32 walk(const u8 *b, u32 n, const i32 *a, u32 a_n, const i32 *io) {
  wb = b;
  wt = a;
  wt_n = a_n;
  wc = 0;
  nt = (const i32 *)io[ARG_NODES];
  blob = (const u8 *)io[ARG_BLOB];
  bounds = (const double *)io[ARG_BOUNDS];
  items_node = io[ARG_ITEMS_NODE];
  item_slots = (const i32 *)io[ARG_ITEM_SLOTS];
  n_item_slots = (u32)io[ARG_N_ITEM_SLOTS];
  slot_start = (i32 *)io[ARG_SLOT_START];
  slot_end = (i32 *)io[ARG_SLOT_END];
  n_slots = (u32)io[ARG_N_SLOTS];
  out = (i32 *)io[ARG_OUT];
  out_cap = (u32)io[ARG_OUT_CAP];
  checks = (i32 *)io[ARG_CHECKS];
  checks_cap = (u32)io[ARG_CHECKS_CAP];
  i32 root = io[ARG_ROOT];
  out_n = 0;
  checks_n = 0;
  in_oneof = 0;
  level = 0;
  for (u32 k = 0; k < n_slots; k++) slot_start[k] = slot_end[k] = -1;
  if (b[0] != '{') return INVALID;
  i32 e = w_value(root, 0);
  return e < 0 ? e : (u32)e == n ? e : INVALID;
}

__attribute__((export_name("walked")))
u32 walked(u32 what) { return what == 0 ? out_n : checks_n; }

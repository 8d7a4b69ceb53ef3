// Every number the strict scanner's TypeScript side (strict-wasm.ts, format/schema-bytes.ts) and its
// C side (wasm/strict.c) must agree on: the word offsets of a schema plan's records, the flags and
// type bits, the positions of `walk`'s arguments, the layout of the table of containers and of the
// records the walk writes back, and the results. Named once, here; wasm/strict-layout.h is rendered
// from this file by the dev tool `node cli/dev/run-ts.mjs cli/dev/build-wasm.ts`, and a test
// requires the committed header to be that rendering (strict-wasm.test.ts), so neither side can
// drift from the other. docket itself runs the compiled copy (dist/), like every module.

/** A schema plan's node record: word offsets (an Int32Array; -1 where a field is absent). */
export const N = Object.freeze({
  FLAGS: 0, // F bits
  TYPES: 1, // T bits accepted
  MINLEN: 2,
  MAXLEN: 3,
  MINITEMS: 4,
  MAXITEMS: 5,
  CONSTS: 6, // word offset of the const/enum list: (blob offset, length) pairs
  NCONSTS: 7, // -1: no const/enum
  NAMES: 8, // word offset of the name entries (M), sorted as canonical JSON orders members
  NNAMES: 9,
  REQUIRED: 10, // how many names are required
  ADDITIONAL: 11, // node of additionalProperties, -1: false
  ITEMS: 12, // node of items, -1: none
  ONEOF: 13, // word offset of the branch list (nodes)
  NONEOF: 14, // -1: no oneOf
  ID: 15, // the node's index in the plan's node list (bounds, checks)
  SIZE: 16,
});

/** A name entry of a node (N.NAMES): word offsets. */
export const M = Object.freeze({
  OFF: 0, // blob offset of the name's UTF-8 bytes
  LEN: 1,
  NODE: 2, // the member's node
  REQUIRED: 3, // 1 when required
  SLOT: 4, // the projection's capture slot, -1: none
  RANK: 5, // the name's place in the schema's own order of properties (the order references are reported in)
  SIZE: 6,
});

/** Node flags (N.FLAGS). */
export const F = Object.freeze({ ANY: 1, DIGEST: 2, PATTERN: 4, MIN: 8, MAX: 16, ADDITIONAL_ANY: 32, REF: 64 });

/** Type bits (N.TYPES): integral numbers are T.INT, every other number T.FRAC. */
export const T = Object.freeze({ NULL: 1, BOOL: 2, INT: 4, FRAC: 8, STR: 16, ARR: 32, OBJ: 64 });

/** `walk`'s arguments after the text and its table: word positions in the `io` block. */
export const ARG = Object.freeze({
  NODES: 0, // address of the node words
  BLOB: 1, // address of the names and const values
  BOUNDS: 2, // address of the per-node (minimum, maximum) doubles
  ITEMS_NODE: 3, // the projected array's items node, -1: no projection
  ITEM_SLOTS: 4, // address of the slots reset before each element
  N_ITEM_SLOTS: 5,
  SLOT_START: 6, // address of the slots' start words
  SLOT_END: 7,
  N_SLOTS: 8,
  OUT: 9, // address of the element records (OUT)
  OUT_CAP: 10, // in words
  CHECKS: 11, // address of the records left for the caller (CHECK)
  CHECKS_CAP: 12, // in words
  ROOT: 13, // the root node
  COUNT: 14,
});

/** The table of containers, in the order they open: one record per container. */
export const TABLE = Object.freeze({ START: 0, END: 1, NEXT: 2, SIZE: 3 }); // NEXT: the index of the record of the next container opening after this one's end

/** A projected element's record in OUT: its span, then N_SLOTS slot starts, then N_SLOTS slot ends. */
export const OUT = Object.freeze({ START: 0, END: 1, SLOTS: 2 });

/**
 * A record the walk leaves for the caller: what, node id, the value's span, then EXTRA more words.
 * A reference (REF) carries its path: EXTRA / PATH.SIZE levels from the root.
 */
export const CHECK = Object.freeze({ WHAT: 0, NODE: 1, START: 2, END: 3, EXTRA: 4, SIZE: 5, PATTERN: 1, RANGE: 2, REF: 3 });

/** One level of a reference's path: a member (its name's span and rank) or an array element (NAME_START -1, NAME_END its index). */
export const PATH = Object.freeze({ NAME_START: 0, NAME_END: 1, RANK: 2, SIZE: 3 });

/** Results. */
export const RESULT = Object.freeze({ NOT_CANONICAL: -1, INVALID: -1, UNDECIDED: -2 });

/** The deepest nesting the scanner takes (= json.ts MAX_JSON_DEPTH; a test holds the two equal). */
export const MAX_DEPTH = 1024;

/** The C header for strict.c. */
export function layoutHeader(): string {
  const enumOf = (prefix: string, o: Record<string, number>): string =>
    `enum { ${Object.entries(o)
      .map(([k, v]) => `${prefix}${k} = ${v}`)
      .join(', ')} };`;
  return [
    '/* Rendered from replay/accel/strict-layout.ts by cli/dev/build-wasm.ts: edit that file, not this one. */',
    enumOf('N_', N),
    enumOf('M_', M),
    enumOf('F_', F),
    enumOf('T_', T),
    enumOf('ARG_', ARG),
    enumOf('TABLE_', TABLE),
    enumOf('OUT_', OUT),
    enumOf('CHECK_', CHECK),
    enumOf('PATH_', PATH),
    enumOf('', RESULT),
    `#define MAX_DEPTH ${MAX_DEPTH}`,
    '',
  ].join('\n');
}

import { readFileSync } from 'node:fs';
import { DIGEST_PATTERN } from './digest.ts';
import { canonicalBytes } from './json.ts';
import { KINDS, SCHEMA_DIR, type BundleRef } from './schemas.ts';
import { checkRecords, eachMember, strict, type PlacedPlan, type PlanWords, type Proof } from '../accel/strict-wasm.ts';
import { CHECK, F, M, N, OUT, PATH, T } from '../accel/strict-layout.ts';

/**
 * The bundle schemas (docs/schemas/), checked directly on canonical bytes, building no value: the
 * accelerator of the schema check, whose reference is ajv (schemas.ts).
 *
 * `docket verify` needs no value from a bundle: only "valid or not", its kind and its references.
 * Building the value with JSON.parse cost about as much as inflating it (docs/benchmarks.md), and
 * most of the bytes sit where the schema asks nothing (an attachment's body, a response's body).
 * Each kind's schema is compiled here into a plan that the WebAssembly walk (accel/wasm/strict.c)
 * follows over the bytes the scan proved canonical, jumping over unconstrained values through the
 * scan's table of containers. A result here is final; null (invalid, undecided, or a schema using a
 * keyword not compiled here) goes to JSON.parse + ajv, which decides and names the error. A
 * differential fast-check test holds the two together on valid and mutated bundles of every kind,
 * references included.
 *
 * Keywords compiled: type (and lists of types), const, enum, pattern, minLength, maxLength,
 * minimum, maximum, properties, required, additionalProperties (false or a schema), items, minItems,
 * maxItems, oneOf, $ref to "#/$defs/...", and docket's bundleRef. Annotations (title, description,
 * $id, $defs, $comment) are ignored. Any other keyword makes the kind fall back to ajv.
 */

const T_ANY = T.NULL | T.BOOL | T.INT | T.FRAC | T.STR | T.ARR | T.OBJ;
const TYPE_BITS: Record<string, number> = { null: T.NULL, boolean: T.BOOL, integer: T.INT, number: T.INT | T.FRAC, string: T.STR, array: T.ARR, object: T.OBJ };

interface Node {
  types: number;
  any: boolean; // accepts every value: skipped whole
  consts: Buffer[] | null; // canonical bytes of the allowed values (const / enum)
  digest: boolean; // pattern is DIGEST_PATTERN (tested on bytes)
  pattern: RegExp | null;
  minLength: number;
  maxLength: number;
  minimum: number;
  maximum: number;
  names: Buffer[]; // property names, sorted as canonical JSON orders members
  nameNodes: Node[];
  nameRequired: boolean[];
  nameRank: number[]; // each name's place in the schema's own order of properties
  required: number;
  additional: Node | null; // null: additionalProperties false
  items: Node | null;
  minItems: number;
  maxItems: number;
  oneOf: Node[] | null;
  bundleRef: string | null | undefined; // undefined: not a reference; null: any kind
}

const ANNOTATIONS = new Set(['title', 'description', '$id', '$defs', '$comment', '$schema']);
const KNOWN = new Set([
  'type',
  'const',
  'enum',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'oneOf',
  '$ref',
  'bundleRef',
]);

class Unsupported extends Error {}

type Schema = Record<string, unknown>;

function blank(additional: Node | null = ANY): Node {
  return {
    types: T_ANY,
    any: true,
    consts: null,
    digest: false,
    pattern: null,
    minLength: -1,
    maxLength: -1,
    minimum: NaN,
    maximum: NaN,
    names: [],
    nameNodes: [],
    nameRequired: [],
    nameRank: [],
    required: 0,
    additional,
    items: null,
    minItems: -1,
    maxItems: -1,
    oneOf: null,
    bundleRef: undefined,
  };
}
const ANY: Node = blank(null); // the empty schema: any value, any member
ANY.additional = ANY;

/** One kind's schema → its node tree. Throws Unsupported for anything it does not implement. */
export function compileSchema(root: Schema): Node {
  const defs = (root.$defs ?? {}) as Record<string, Schema>;
  const compiled = new Map<string, Node>();
  const compile = (s: unknown): Node => {
    if (s === true) return ANY;
    if (typeof s !== 'object' || s === null || Array.isArray(s)) throw new Unsupported('schema is not an object');
    const schema = s as Schema;
    const keys = Object.keys(schema).filter((k) => !ANNOTATIONS.has(k));
    for (const k of keys) if (!KNOWN.has(k)) throw new Unsupported(`keyword ${k}`);
    if ('$ref' in schema) {
      if (keys.length !== 1) throw new Unsupported('$ref beside other keywords');
      const ref = schema.$ref as string;
      const name = ref.startsWith('#/$defs/') ? ref.slice('#/$defs/'.length) : null;
      if (name === null || !(name in defs) || name.includes('/') || name.includes('~')) throw new Unsupported(`$ref ${ref}`);
      let n = compiled.get(name);
      if (!n) {
        n = blank(); // placed before compiling, so a recursive reference finds it
        compiled.set(name, n);
        Object.assign(n, compile(defs[name]));
      }
      return n;
    }
    const n = blank();
    if (keys.length === 0) return n;
    n.any = false;
    if ('type' in schema) {
      const list = Array.isArray(schema.type) ? schema.type : [schema.type];
      n.types = 0;
      for (const t of list) {
        if (typeof t !== 'string' || !(t in TYPE_BITS)) throw new Unsupported(`type ${String(t)}`);
        n.types |= TYPE_BITS[t]!;
      }
    }
    if ('const' in schema) n.consts = [Buffer.from(canonicalBytes(schema.const))];
    if ('enum' in schema) {
      const values = (schema.enum as unknown[]).map((v) => Buffer.from(canonicalBytes(v)));
      n.consts = n.consts ? n.consts.filter((c) => values.some((v) => v.equals(c))) : values;
    }
    if ('pattern' in schema) {
      if (schema.pattern === DIGEST_PATTERN) n.digest = true;
      else n.pattern = new RegExp(schema.pattern as string, 'u'); // ajv's default flags
    }
    const int = (k: string): number => {
      const v = schema[k];
      if (v === undefined) return -1;
      if (!Number.isSafeInteger(v) || (v as number) < 0) throw new Unsupported(`${k} ${String(v)}`);
      return v as number;
    };
    const num = (k: string): number => {
      const v = schema[k];
      if (v === undefined) return NaN;
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new Unsupported(`${k} ${String(v)}`);
      return v;
    };
    n.minLength = int('minLength');
    n.maxLength = int('maxLength');
    n.minItems = int('minItems');
    n.maxItems = int('maxItems');
    n.minimum = num('minimum');
    n.maximum = num('maximum');
    const props = (schema.properties ?? {}) as Record<string, unknown>;
    const required = new Set((schema.required ?? []) as string[]);
    for (const r of required) if (!(r in props)) throw new Unsupported(`required ${r} without a property schema`);
    // Canonical JSON orders members by UTF-16 code units; for these names (checked below) that is
    // the order of their UTF-8 bytes, which is how the walk compares them.
    const names = Object.keys(props).sort();
    for (const name of names) if (/[\\"\u0000-\u001f]|[^\u0000-\ud7ff]/u.test(name)) throw new Unsupported(`property name ${JSON.stringify(name)}`);
    n.names = names.map((k) => Buffer.from(k, 'utf8'));
    n.nameNodes = names.map((k) => compile(props[k]));
    n.nameRequired = names.map((k) => required.has(k));
    const order = Object.keys(props);
    n.nameRank = names.map((k) => order.indexOf(k));
    n.required = required.size;
    if ('additionalProperties' in schema) n.additional = schema.additionalProperties === false ? null : compile(schema.additionalProperties);
    if ('items' in schema) {
      if (Array.isArray(schema.items)) throw new Unsupported('items as a list');
      n.items = compile(schema.items);
    }
    if ('oneOf' in schema) n.oneOf = (schema.oneOf as unknown[]).map(compile);
    if ('bundleRef' in schema) n.bundleRef = schema.bundleRef === true ? null : String(schema.bundleRef);
    return n;
  };
  return compile(root);
}

// Compiled on first use, like the ajv validators; `false`: this kind's schema needs ajv.
const nodes = new Map<string, Node | false>();
function nodeFor(kind: string): Node | false | undefined {
  let n = nodes.get(kind);
  if (n === undefined) {
    if (!KINDS.includes(kind)) return undefined;
    try {
      n = compileSchema(JSON.parse(readFileSync(`${SCHEMA_DIR}${kind}.schema.json`, 'utf8')) as Schema);
    } catch (e) {
      if (!(e instanceof Unsupported)) throw e;
      n = false;
    }
    nodes.set(kind, n);
  }
  return n;
}

export interface BytesResult {
  kind: string;
  refs: BundleRef[];
}

/**
 * Validate canonical bundle bytes against their kind's schema. `proof` is json.ts
 * `provenCanonical`'s for the same bytes, the text the accelerator still holds. Returns null when
 * the bytes are not proven valid here (the caller then parses and runs ajv, which decides and
 * names the error).
 */
export function validateCanonicalBytes(buf: Buffer, proof: Proof): BytesResult | null {
  const s = strict();
  if (buf[0] !== 0x7b || !s?.holds(buf, proof)) return null;
  const kind = topLevelKind(buf, s.table());
  if (kind === null) return null;
  const node = nodeFor(kind);
  if (!node) return null;
  const placed = placedFor(kind, node, null);
  const r = placed && walked(buf, proof, placed, 0);
  return r ? { kind, refs: r.refs } : null;
}

/** The root object's "kind" string; null when absent or not plain ASCII. */
function topLevelKind(b: Buffer, table: Int32Array): string | null {
  let kind: string | null = null;
  eachMember(b, table, 0, (ns, ne, s, e) => {
    if (ne - ns !== 4 || b.toString('latin1', ns, ne) !== 'kind') return true;
    if (b[s] === 0x22) {
      let plain = true;
      for (let x = s + 1; x < e - 1; x++) if (b[x] === 0x5c || b[x]! >= 0x80) plain = false;
      if (plain) kind = b.toString('latin1', s + 1, e - 1);
    }
    return false;
  });
  return kind;
}

/**
 * A projection: the schema walk of one kind that also reports where chosen members' values are,
 * so a caller can read a few fields of each element of one array without building any value
 * (replay reads 6 of a journal line's 16 members). Built once per kind; used by `projectCanonicalBytes`.
 */
export interface Projection {
  kind: string;
  root: Node;
  captures: Map<Node, Int16Array>; // object node → slot of each of its (sorted) names, or -1
  items: Node; // the array whose elements are reported one by one
  itemSlots: number[]; // slots reset before each element
  slots: Record<string, number>;
  maxItems: number; // the array's maxItems, or a bound on what the WebAssembly walk reports in one call
}

/**
 * `arrayPath`: member names from the root to the array; `top`: fields of the root; `fields`: fields
 * of each element, each a path of member names (a name reached through oneOf is captured in every
 * branch that has it). Returns null when the kind's schema needs ajv or a path does not exist.
 */
export function projection(kind: string, arrayPath: string[], top: Record<string, string[]>, fields: Record<string, string[]>): Projection | null {
  const root = nodeFor(kind);
  if (!root) return null;
  const captures = new Map<Node, Int16Array>();
  const slots: Record<string, number> = {};
  let next = 0;
  // Every node reached by `path` from `from` (through oneOf branches), with the name index at its end.
  const reach = (from: Node, path: string[]): [Node, number][] => {
    let at: Node[] = [from];
    const out: [Node, number][] = [];
    path.forEach((name, depth) => {
      const key = Buffer.from(name, 'utf8');
      const nextAt: Node[] = [];
      for (const n of at.flatMap((x) => (x.oneOf ? [x, ...x.oneOf] : [x]))) {
        const p = n.names.findIndex((b) => b.equals(key));
        if (p < 0) continue;
        if (depth === path.length - 1) out.push([n, p]);
        else nextAt.push(n.nameNodes[p]!);
      }
      at = nextAt;
    });
    return out;
  };
  const capture = (from: Node, path: string[], slot: number): boolean => {
    const hits = reach(from, path);
    for (const [n, p] of hits) {
      let c = captures.get(n);
      if (!c) captures.set(n, (c = new Int16Array(n.names.length).fill(-1)));
      c[p] = slot;
    }
    return hits.length > 0;
  };
  const arr = reach(root, arrayPath);
  const array = arr.length === 1 ? arr[0]![0].nameNodes[arr[0]![1]]! : null;
  const items = array?.items;
  if (!array || !items) return null;
  for (const [name, path] of Object.entries(top)) if (!capture(root, path, (slots[name] = next++))) return null;
  const itemSlots: number[] = [];
  for (const [name, path] of Object.entries(fields)) {
    itemSlots.push((slots[name] = next++));
    if (!capture(items, path, slots[name]!)) return null;
  }
  return { kind, root, captures, items, itemSlots, slots, maxItems: array.maxItems >= 0 ? array.maxItems : 65536 };
}

/**
 * Validate like `validateCanonicalBytes` (same contract: `buf` proven canonical with `proof`) and
 * call `onItem` after each element of the projection's array with the element's span and the
 * slots' spans (`start[slot]` is -1 where the member is absent). Returns the slots' spans for the
 * root's fields, or null when the bytes are not proven valid here. `onItem` must not prove another
 * text: the spans it is handed are views of the accelerator's memory.
 */
export function projectCanonicalBytes(
  buf: Buffer,
  proof: Proof,
  proj: Projection,
  onItem: (start: number, end: number, starts: Int32Array, ends: Int32Array) => void,
): { starts: Int32Array; ends: Int32Array } | null {
  if (buf[0] !== 0x7b) return null;
  const placed = placedFor(proj.kind, proj.root, proj);
  const r = placed && walked(buf, proof, placed, proj.maxItems);
  if (!r) return null;
  const { items, top } = r;
  const n = placed.plan.slots;
  const record = OUT.SLOTS + 2 * n;
  const starts = new Int32Array(n);
  const ends = new Int32Array(n);
  for (let k = 0; k < items.length; k += record) {
    for (let x = 0; x < n; x++) {
      starts[x] = items[k + OUT.SLOTS + x]!;
      ends[x] = items[k + OUT.SLOTS + n + x]!;
    }
    onItem(items[k + OUT.START]!, items[k + OUT.END]!, starts, ends);
  }
  return { starts: top.starts.slice(), ends: top.ends.slice() };
}

// The plan the WebAssembly walk follows (strict-layout.ts N, M, F) -----------------------------

interface Plan extends PlanWords {
  nodes: Node[]; // by node id
}

/**
 * A compiled schema as strict.c walks it: node records (N.SIZE words; ANY first, at offset 0), then
 * their lists (const values, name entries, oneOf branches). Null when a bound does not fit its word.
 */
export function wasmPlan(root: Node, proj: Projection | null): Plan | null {
  const nodes: Node[] = [ANY];
  const at = new Map<Node, number>([[ANY, 0]]);
  const visit = (n: Node) => {
    if (at.has(n)) return;
    at.set(n, nodes.length * N.SIZE);
    nodes.push(n);
    for (const c of [...n.nameNodes, ...(n.items ? [n.items] : []), ...(n.additional ? [n.additional] : []), ...(n.oneOf ?? [])]) visit(c);
  };
  visit(root);
  // The module reads these as 32-bit signed words (-1: none); a larger bound would wrap into another.
  if (nodes.some((n) => [n.minLength, n.maxLength, n.minItems, n.maxItems].some((x) => x > 0x7fffffff))) return null;
  const words: number[] = new Array<number>(nodes.length * N.SIZE).fill(0);
  const blob: number[] = [];
  const bounds = new Float64Array(2 * nodes.length);
  const bytes = (b: Buffer): number => {
    const off = blob.length;
    for (const x of b) blob.push(x);
    return off;
  };
  nodes.forEach((n, id) => {
    const w = id * N.SIZE;
    words[w + N.FLAGS] =
      (n.any ? F.ANY : 0) |
      (n.digest ? F.DIGEST : 0) |
      (n.pattern ? F.PATTERN : 0) |
      (n.minimum === n.minimum ? F.MIN : 0) |
      (n.maximum === n.maximum ? F.MAX : 0) |
      (n.additional === ANY ? F.ADDITIONAL_ANY : 0) |
      (n.bundleRef !== undefined ? F.REF : 0);
    words[w + N.TYPES] = n.types;
    words[w + N.MINLEN] = n.minLength;
    words[w + N.MAXLEN] = n.maxLength;
    words[w + N.MINITEMS] = n.minItems;
    words[w + N.MAXITEMS] = n.maxItems;
    words[w + N.NCONSTS] = -1;
    if (n.consts) {
      words[w + N.CONSTS] = words.length;
      words[w + N.NCONSTS] = n.consts.length;
      for (const c of n.consts) words.push(bytes(c), c.length);
    }
    const caps = proj?.captures.get(n);
    words[w + N.NAMES] = words.length;
    words[w + N.NNAMES] = n.names.length;
    n.names.forEach((name, p) => {
      const entry = new Array<number>(M.SIZE);
      entry[M.OFF] = bytes(name);
      entry[M.LEN] = name.length;
      entry[M.NODE] = at.get(n.nameNodes[p]!)!;
      entry[M.REQUIRED] = n.nameRequired[p] ? 1 : 0;
      entry[M.SLOT] = caps ? caps[p]! : -1;
      entry[M.RANK] = n.nameRank[p]!;
      words.push(...entry);
    });
    words[w + N.REQUIRED] = n.required;
    words[w + N.ADDITIONAL] = n.additional ? at.get(n.additional)! : -1;
    words[w + N.ITEMS] = n.items ? at.get(n.items)! : -1;
    words[w + N.NONEOF] = -1;
    if (n.oneOf) {
      words[w + N.ONEOF] = words.length;
      words[w + N.NONEOF] = n.oneOf.length;
      for (const b of n.oneOf) words.push(at.get(b)!);
    }
    words[w + N.ID] = id;
    bounds[2 * id] = n.minimum;
    bounds[2 * id + 1] = n.maximum;
  });
  const slots = proj ? Object.keys(proj.slots).length : 0;
  return { words: Int32Array.from(words), blob: Uint8Array.from(blob), bounds, root: at.get(root)!, items: proj ? at.get(proj.items)! : -1, itemSlots: proj ? proj.itemSlots : [], slots, nodes };
}

// Per kind (and per projection): placed in this thread's module once; null where ajv serves.
const placedPlans = new Map<string, PlacedPlan | null>();
function placedFor(kind: string, root: Node, proj: Projection | null): (PlacedPlan & { plan: Plan }) | null {
  const s = strict();
  if (!s) return null;
  const key = proj ? `${kind} ${Object.keys(proj.slots).join(',')}` : kind;
  let placed = placedPlans.get(key);
  if (placed === undefined) {
    const plan = wasmPlan(root, proj);
    placed = plan && s.place(plan);
    placedPlans.set(key, placed);
  }
  return placed as (PlacedPlan & { plan: Plan }) | null;
}

/**
 * The WebAssembly walk of a text proven by the module (still loaded), with the checks it left
 * resolved here: patterns, bounds it could not compare exactly, and the bundle references, spelled
 * and ordered as ajv reports them. Null whenever it does not prove the text valid: ajv decides.
 */
function walked(buf: Buffer, proof: Proof, placed: PlacedPlan & { plan: Plan }, maxItems: number) {
  const s = strict();
  if (!s || !s.holds(buf, proof)) return null;
  const r = s.walk(placed, maxItems);
  if (!r || r.end < 0) return null;
  const c = r.checks;
  const found: { ref: BundleRef; path: Int32Array }[] = [];
  for (const k of checkRecords(c)) {
    const n = placed.plan.nodes[c[k + CHECK.NODE]!]!;
    const st = c[k + CHECK.START]!;
    const e = c[k + CHECK.END]!;
    const what = c[k + CHECK.WHAT];
    if (what === CHECK.PATTERN) {
      if (!n.pattern!.test(JSON.parse(buf.toString('utf8', st, e)) as string)) return null;
    } else if (what === CHECK.RANGE) {
      const v = numberValue(buf, st, e);
      if (v < n.minimum || v > n.maximum) return null;
    } else {
      const path = c.slice(k + CHECK.SIZE, k + CHECK.SIZE + c[k + CHECK.EXTRA]!);
      found.push({ ref: { pointer: pointerOf(buf, path), digest: JSON.parse(buf.toString('utf8', st, e)) as string, kind: n.bundleRef ?? null }, path });
    }
  }
  if (found.length > 1) found.sort((x, y) => schemaOrder(x.path, y.path));
  return { items: r.items, top: r.top, refs: found.map((f) => f.ref) };
}

/**
 * ajv's order of references: member by member in the schema's order of properties (those it does
 * not name after, in the data's order), array elements in order. Compared level by level.
 */
function schemaOrder(a: Int32Array, b: Int32Array): number {
  const n = Math.min(a.length, b.length);
  for (let k = 0; k < n; k += PATH.SIZE) {
    const an = a[k + PATH.NAME_START]!;
    const bn = b[k + PATH.NAME_START]!;
    if (an < 0 || bn < 0) {
      const d = a[k + PATH.NAME_END]! - b[k + PATH.NAME_END]!; // element indices (both, in one array)
      if (d !== 0) return d;
      continue;
    }
    const d = a[k + PATH.RANK]! - b[k + PATH.RANK]! || an - bn; // the rank, then the data's order
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/** The JSON pointer of a path, as ajv's instancePath spells it. */
function pointerOf(b: Buffer, path: Int32Array): string {
  let p = '';
  for (let k = 0; k < path.length; k += PATH.SIZE) {
    const s = path[k + PATH.NAME_START]!;
    const e = path[k + PATH.NAME_END]!;
    let seg: string;
    if (s < 0) seg = String(e);
    else seg = b.indexOf(0x5c, s) >= 0 && b.indexOf(0x5c, s) < e ? (JSON.parse(b.toString('utf8', s - 1, e + 1)) as string) : b.toString('utf8', s, e);
    p += `/${seg.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  }
  return p;
}

/** A canonical number's value: short integers by hand (most bounded numbers: counts, sequence numbers), the rest by Number. */
export function numberValue(b: Buffer, s: number, e: number): number {
  let k = b[s] === 0x2d ? s + 1 : s;
  if (e - k > 15) return Number(b.toString('latin1', s, e));
  let v = 0;
  for (; k < e; k++) {
    const c = b[k]!;
    if (c < 0x30 || c > 0x39) return Number(b.toString('latin1', s, e));
    v = v * 10 + (c - 0x30);
  }
  return b[s] === 0x2d ? -v : v;
}

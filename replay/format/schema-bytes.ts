import { readFileSync } from 'node:fs';
import type { Containers } from '../accel/canonical-bytes.ts';
import { DIGEST_PATTERN } from './digest.ts';
import { canonicalBytes } from './json.ts';
import { KINDS, SCHEMA_DIR, type BundleRef } from './schemas.ts';
import { CHECK_PATTERN, strict, type PlacedPlan, type PlanWords } from '../accel/strict-wasm.ts';

/**
 * The bundle schemas (docs/schemas/), checked directly on canonical bytes, building no value.
 *
 * `docket verify` needs no value from a bundle: only "valid or not", its kind and its references.
 * Building the value with JSON.parse cost about as much as inflating it (docs/benchmarks.md), and
 * most of the bytes sit where the schema asks nothing (an attachment's body, a response's body).
 * This walks the bytes once, jumping over unconstrained values through the canonical scan's table
 * of containers, and answers the same questions as
 * the ajv validator in schemas.ts, which stays the reference:
 * - the input must already be proven canonical and strict (`isCanonicalBytes` plus no raw control
 *   byte: json.ts `provenCanonical`), so the walk only has to find where things end;
 * - a result here is final; null (invalid, or a schema using a keyword this file does not
 *   implement) goes to JSON.parse + ajv, which names the error. A differential fast-check test
 *   holds the two together on valid and mutated bundles of every kind.
 *
 * Keywords implemented: type (and lists of types), const, enum, pattern, minLength, maxLength,
 * minimum, maximum, properties, required, additionalProperties (false or a schema), items, minItems,
 * maxItems, oneOf, $ref to "#/$defs/...", and docket's bundleRef. Annotations (title, description,
 * $id, $defs, $comment) are ignored. Any other keyword makes the kind fall back to ajv.
 */

const T_NULL = 1;
const T_BOOL = 2;
const T_INT = 4; // an integral number
const T_FRAC = 8; // any other number
const T_STR = 16;
const T_ARR = 32;
const T_OBJ = 64;
const T_ANY = 127;
const TYPE_BITS: Record<string, number> = { null: T_NULL, boolean: T_BOOL, integer: T_INT, number: T_INT | T_FRAC, string: T_STR, array: T_ARR, object: T_OBJ };

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
  refOrder: boolean; // some reference lies below: refs are reported in schema order (as ajv does)
}

const ANNOTATIONS = new Set(['title', 'description', '$id', '$defs', '$comment', '$schema']);
const KNOWN = new Set(['type', 'const', 'enum', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'properties', 'required', 'additionalProperties', 'items', 'minItems', 'maxItems', 'oneOf', '$ref', 'bundleRef']);

class Unsupported extends Error {}

type Schema = Record<string, unknown>;

function blank(additional: Node | null = ANY): Node {
  return { types: T_ANY, any: true, consts: null, digest: false, pattern: null, minLength: -1, maxLength: -1, minimum: NaN, maximum: NaN, names: [], nameNodes: [], nameRequired: [], nameRank: [], required: 0, additional, items: null, minItems: -1, maxItems: -1, oneOf: null, bundleRef: undefined, refOrder: false };
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
  const root_ = compile(root);
  markRefs(root_, new Set());
  return root_;
}

function markRefs(n: Node, seen: Set<Node>): boolean {
  if (seen.has(n)) return n.refOrder;
  seen.add(n);
  let below = n.bundleRef !== undefined;
  for (const c of [...n.nameNodes, ...(n.items ? [n.items] : []), ...(n.additional ? [n.additional] : []), ...(n.oneOf ?? [])]) if (markRefs(c, seen)) below = true;
  n.refOrder = below;
  return below;
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
 * Validate canonical bundle bytes against their kind's schema. `containers` is the canonical scan's
 * table of the same bytes (canonical-bytes.ts, json.ts `provenCanonical`): the walk jumps over any
 * unconstrained value through it. Returns null when the bytes are not proven valid here (the
 * caller then parses and runs ajv, which decides and names the error).
 */
export function validateCanonicalBytes(buf: Buffer, containers: Containers): BytesResult | null {
  if (buf[0] !== 0x7b) return null;
  const kind = new Walk(buf, containers).topLevelKind();
  if (kind === null) return null;
  const node = nodeFor(kind);
  if (!node) return null;
  const placed = placedFor(kind, node, null);
  if (placed && wasmWalk(buf, containers, placed, 0) !== null) return { kind, refs: [] };
  const w = new Walk(buf, containers);
  return w.value(node, 0, 0) === buf.length ? { kind, refs: w.refs } : null;
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
 * Validate like `validateCanonicalBytes` (same contract: `buf` proven canonical, `containers` its
 * scan's table) and call `onItem` after each element of the projection's array with the element's
 * span and the slots' spans (`start[slot]` is -1 where the member is absent). Returns the slots'
 * spans for the root's fields, or null when the bytes are not proven valid here. `onItem` must not
 * prove another text: the table (and, through the module, the spans it is handed) would be reused.
 */
export function projectCanonicalBytes(buf: Buffer, containers: Containers, proj: Projection, onItem: (start: number, end: number, starts: Int32Array, ends: Int32Array) => void): { starts: Int32Array; ends: Int32Array } | null {
  if (buf[0] !== 0x7b) return null;
  const placed = placedFor(proj.kind, proj.root, proj);
  if (placed) {
    const r = wasmWalk(buf, containers, placed, proj.maxItems);
    if (r !== null) {
      const { items, top } = r;
      const n = placed.plan.slots;
      const record = 2 + 2 * n;
      const starts = new Int32Array(n);
      const ends = new Int32Array(n);
      for (let k = 0; k < items.length; k += record) {
        for (let x = 0; x < n; x++) {
          starts[x] = items[k + 2 + x]!;
          ends[x] = items[k + 2 + n + x]!;
        }
        onItem(items[k]!, items[k + 1]!, starts, ends);
      }
      return { starts: top.starts.slice(), ends: top.ends.slice() };
    }
  }
  const w = new Walk(buf, containers);
  const n = Object.keys(proj.slots).length;
  w.hooks = { captures: proj.captures, items: proj.items, itemSlots: proj.itemSlots, onItem, starts: new Int32Array(n).fill(-1), ends: new Int32Array(n).fill(-1) };
  return w.value(proj.root, 0, 0) === buf.length ? { starts: w.hooks.starts, ends: w.hooks.ends } : null;
}

// The WebAssembly walk (strict-wasm.ts, replay/accel/wasm/strict.c) -------------------------------------

/** Words of a node record (strict.c's N_*; a name entry is its 5 M_* words): keep in step. */
const N_SIZE = 16;
const F_ANY = 1;
const F_DIGEST = 2;
const F_PATTERN = 4;
const F_MIN = 8;
const F_MAX = 16;
const F_ADDITIONAL_ANY = 32;

interface Plan extends PlanWords {
  nodes: Node[]; // by node id
}

/**
 * A compiled schema as strict.c walks it: node records (N_SIZE words; ANY first, at offset 0), then
 * their lists (const values, names, oneOf branches). Null when a node reports bundle references:
 * the WebAssembly walk has no pointers to give, so those kinds keep the JS walk.
 */
export function wasmPlan(root: Node, proj: Projection | null): Plan | null {
  const nodes: Node[] = [ANY];
  const at = new Map<Node, number>([[ANY, 0]]);
  const visit = (n: Node) => {
    if (at.has(n)) return;
    at.set(n, nodes.length * N_SIZE);
    nodes.push(n);
    for (const c of [...n.nameNodes, ...(n.items ? [n.items] : []), ...(n.additional ? [n.additional] : []), ...(n.oneOf ?? [])]) visit(c);
  };
  visit(root);
  if (nodes.some((n) => n.bundleRef !== undefined)) return null;
  // The module reads these as 32-bit signed words (-1: none); a larger bound would wrap into another.
  if (nodes.some((n) => [n.minLength, n.maxLength, n.minItems, n.maxItems].some((x) => x > 0x7fffffff))) return null;
  const words: number[] = new Array<number>(nodes.length * N_SIZE).fill(0);
  const blob: number[] = [];
  const bounds = new Float64Array(2 * nodes.length);
  const bytes = (b: Buffer): number => {
    const off = blob.length;
    for (const x of b) blob.push(x);
    return off;
  };
  nodes.forEach((n, id) => {
    const w = id * N_SIZE;
    words[w] = (n.any ? F_ANY : 0) | (n.digest ? F_DIGEST : 0) | (n.pattern ? F_PATTERN : 0) | (n.minimum === n.minimum ? F_MIN : 0) | (n.maximum === n.maximum ? F_MAX : 0) | (n.additional === ANY ? F_ADDITIONAL_ANY : 0);
    words[w + 1] = n.types;
    words[w + 2] = n.minLength;
    words[w + 3] = n.maxLength;
    words[w + 4] = n.minItems;
    words[w + 5] = n.maxItems;
    words[w + 7] = -1;
    if (n.consts) {
      words[w + 6] = words.length;
      words[w + 7] = n.consts.length;
      for (const c of n.consts) words.push(bytes(c), c.length);
    }
    const caps = proj?.captures.get(n);
    words[w + 8] = words.length;
    words[w + 9] = n.names.length;
    n.names.forEach((name, p) => words.push(bytes(name), name.length, at.get(n.nameNodes[p]!)!, n.nameRequired[p] ? 1 : 0, caps ? caps[p]! : -1));
    words[w + 10] = n.required;
    words[w + 11] = n.additional ? at.get(n.additional)! : -1;
    words[w + 12] = n.items ? at.get(n.items)! : -1;
    words[w + 14] = -1;
    if (n.oneOf) {
      words[w + 13] = words.length;
      words[w + 14] = n.oneOf.length;
      for (const b of n.oneOf) words.push(at.get(b)!);
    }
    words[w + 15] = id;
    bounds[2 * id] = n.minimum;
    bounds[2 * id + 1] = n.maximum;
  });
  const slots = proj ? Object.keys(proj.slots).length : 0;
  return { words: Int32Array.from(words), blob: Uint8Array.from(blob), bounds, root: at.get(root)!, items: proj ? at.get(proj.items)! : -1, itemSlots: proj ? proj.itemSlots : [], slots, nodes };
}

// Per kind (and per projection): placed in this thread's module once; null where the JS walk serves.
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
 * The WebAssembly walk of a text proven by the module (its table still loaded), with the checks it
 * left resolved here. Null whenever it does not prove the text valid: the JS walk then decides.
 */
function wasmWalk(buf: Buffer, containers: Containers, placed: PlacedPlan & { plan: Plan }, maxItems: number) {
  const s = strict();
  if (!s || !s.holds(buf, containers)) return null;
  const r = s.walk(placed, maxItems);
  if (!r || r.end < 0) return null;
  const c = r.checks;
  for (let k = 0; k < c.length; k += 4) {
    const n = placed.plan.nodes[c[k + 1]!]!;
    const st = c[k + 2]!;
    const e = c[k + 3]!;
    if (c[k] === CHECK_PATTERN) {
      if (!n.pattern!.test(JSON.parse(buf.toString('utf8', st, e)) as string)) return null;
    } else {
      const v = numberValue(buf, st, e);
      if (v < n.minimum || v > n.maximum) return null;
    }
  }
  return r;
}

interface Hooks {
  captures: Map<Node, Int16Array>;
  items: Node;
  itemSlots: number[];
  onItem: (start: number, end: number, starts: Int32Array, ends: Int32Array) => void;
  starts: Int32Array;
  ends: Int32Array;
}

class Walk {
  refs: BundleRef[] = [];
  hooks: Hooks | null = null;
  private c = 0; // the next container's index in `ends`: containers are met in the order they open
  private pathStart: number[] = []; // per depth: a member name's start, or -1 for an array element
  private pathEnd: number[] = []; // per depth: the name's end, or the element's index
  constructor(
    readonly b: Buffer,
    readonly ends: Containers,
  ) {}

  /** The root object's "kind" string, found by stepping over the members before it; null when absent or not plain ASCII. */
  topLevelKind(): string | null {
    const b = this.b;
    this.claim(); // the root object
    if (b[1] === 0x7d) return null;
    for (let j = 0; ; ) {
      const ks = j + 2; // j is at the "{" or the "," before the member
      let ke = ks;
      while (b[ke] !== 0x22) ke++; // names are proven escape-free
      const v = ke + 2;
      if (ke - ks === 4 && b[ks] === 0x6b && b[ks + 1] === 0x69 && b[ks + 2] === 0x6e && b[ks + 3] === 0x64) {
        if (b[v] !== 0x22) return null;
        const e = stringEnd(b, v + 1) - 1;
        for (let x = v + 1; x < e; x++) if (b[x] === 0x5c || b[x]! >= 0x80) return null;
        return b.toString('latin1', v + 1, e);
      }
      j = this.skip(v);
      if (j < 0 || b[j] !== 0x2c) return null;
    }
  }

  /** The container at i is the next one: count it (its members, if walked, come next). */
  private claim() {
    this.c += 3;
  }

  /** The value at i, at `depth`, against n: its end, or -1 when it does not match. */
  value(n: Node, i: number, depth: number): number {
    const b = this.b;
    if (n.any) return this.skip(i);
    const c = b[i]!;
    let t: number;
    let end = -1;
    if (c === 0x22) {
      t = T_STR;
      end = stringEnd(b, i + 1);
    } else if (c === 0x7b) t = T_OBJ;
    else if (c === 0x5b) t = T_ARR;
    else if (c === 0x74) ((t = T_BOOL), (end = i + 4));
    else if (c === 0x66) ((t = T_BOOL), (end = i + 5));
    else if (c === 0x6e) ((t = T_NULL), (end = i + 4));
    else {
      end = numberEnd(b, i);
      t = isIntegral(b, i, end) ? T_INT : T_FRAC;
    }
    const c0 = this.c;
    const branchEnd = n.oneOf ? this.oneOf(n.oneOf, i, depth) : -1;
    if (n.oneOf && branchEnd < 0) return -1;
    if ((n.types & t) === 0) return -1;
    if (t === T_OBJ) {
      if (n.names.length || n.additional !== ANY) {
        this.c = c0; // walked again here, after the branch: its containers are met again
        end = this.object(n, i, depth);
      } else end = branchEnd >= 0 ? branchEnd : this.skip(i);
    } else if (t === T_ARR) {
      this.c = c0;
      end = this.array(n, i, depth);
    }
    if (end < 0) return -1;
    if (n.consts && !oneOfBytes(n.consts, b, i, end)) return -1;
    if (t === T_STR) {
      if (n.digest && !isDigestToken(b, i, end)) return -1;
      if (n.pattern && !n.pattern.test(JSON.parse(b.toString('utf8', i, end)) as string)) return -1;
      if (n.minLength >= 0 || n.maxLength >= 0) {
        const len = codePoints(b, i + 1, end - 1);
        if ((n.minLength >= 0 && len < n.minLength) || (n.maxLength >= 0 && len > n.maxLength)) return -1;
      }
      if (n.bundleRef !== undefined) this.refs.push({ pointer: this.pointer(depth), digest: JSON.parse(b.toString('utf8', i, end)) as string, kind: n.bundleRef });
    } else if ((t === T_INT || t === T_FRAC) && (n.minimum === n.minimum || n.maximum === n.maximum)) {
      const v = numberValue(b, i, end);
      if (v < n.minimum || v > n.maximum) return -1;
    }
    return end;
  }

  /** Where the value ends when exactly one branch matches, else -1 (references found in other branches are dropped). */
  private oneOf(branches: Node[], i: number, depth: number): number {
    const before = this.refs.length;
    const c = this.c;
    let kept: BundleRef[] = [];
    let keptC = c;
    let matched = 0;
    let end = -1;
    for (const br of branches) {
      const e = this.value(br, i, depth);
      if (e >= 0) {
        matched++;
        end = e;
        kept = this.refs.slice(before);
        keptC = this.c;
      }
      this.refs.length = before;
      this.c = c;
    }
    if (matched !== 1) return -1;
    this.refs.push(...kept);
    this.c = keptC;
    return end;
  }

  private object(n: Node, i: number, depth: number): number {
    const b = this.b;
    this.claim();
    let j = i + 1;
    if (b[j] === 0x7d) return n.required === 0 ? j + 1 : -1;
    const names = n.names;
    const refsFrom = this.refs.length;
    const ranks: number[] | null = n.refOrder ? [] : null; // per reference found below: its member's place in the schema
    const caps = this.hooks?.captures.get(n);
    let p = 0;
    let required = 0;
    for (;;) {
      const ks = j + 1;
      let ke = ks;
      while (b[ke] !== 0x22) ke++; // names are proven escape-free, and short: no memchr call
      let order = -1;
      while (p < names.length && (order = compareName(names[p]!, b, ks, ke)) < 0) p++;
      let sub: Node;
      let rank: number;
      let slot = -1;
      if (p < names.length && order === 0) {
        sub = n.nameNodes[p]!;
        if (n.nameRequired[p]) required++;
        if (caps) slot = caps[p]!;
        rank = n.nameRank[p++]!;
      } else if (n.additional === null) return -1;
      else ((sub = n.additional), (rank = names.length));
      this.pathStart[depth] = ks;
      this.pathEnd[depth] = ke;
      const before = this.refs.length;
      j = this.value(sub, ke + 2, depth + 1);
      if (j < 0) return -1;
      if (slot >= 0) {
        this.hooks!.starts[slot] = ke + 2;
        this.hooks!.ends[slot] = j;
      }
      if (ranks) for (let r = before; r < this.refs.length; r++) ranks.push(rank);
      if (b[j] === 0x2c) {
        j++;
        continue;
      }
      if (required !== n.required) return -1;
      if (ranks && ranks.length > 1) this.schemaOrder(refsFrom, ranks);
      return j + 1;
    }
  }

  /** ajv reports references member by member in the schema's order of properties, not the data's. */
  private schemaOrder(from: number, ranks: number[]) {
    const found = this.refs.slice(from).map((r, x) => ({ r, rank: ranks[x]! }));
    found.sort((x, y) => x.rank - y.rank); // stable: within one member, data order
    for (let x = 0; x < found.length; x++) this.refs[from + x] = found[x]!.r;
  }

  private array(n: Node, i: number, depth: number): number {
    const b = this.b;
    let j = i + 1;
    let count = 0;
    if (!n.items && n.minItems < 0 && n.maxItems < 0) return this.skip(i);
    this.claim();
    if (b[j] === 0x5d) j++;
    else {
      const items = n.items ?? ANY;
      const hooks = this.hooks !== null && this.hooks.items === items ? this.hooks : null;
      for (;;) {
        this.pathStart[depth] = -1;
        this.pathEnd[depth] = count;
        if (hooks) for (const slot of hooks.itemSlots) hooks.starts[slot] = -1;
        const start = j;
        j = this.value(items, j, depth + 1);
        if (j < 0) return -1;
        if (hooks) hooks.onItem(start, j, hooks.starts, hooks.ends);
        count++;
        if (b[j++] === 0x5d) break;
      }
    }
    if ((n.minItems >= 0 && count < n.minItems) || (n.maxItems >= 0 && count > n.maxItems)) return -1;
    return j;
  }

  /** The end of any value at i; a container's through the scan's table of containers, in O(1). */
  private skip(i: number): number {
    const b = this.b;
    const c = b[i]!;
    if (c === 0x22) return stringEnd(b, i + 1);
    if (c === 0x74 || c === 0x6e) return i + 4;
    if (c === 0x66) return i + 5;
    if (c !== 0x7b && c !== 0x5b) return numberEnd(b, i);
    const a = this.ends.a;
    const o = this.c;
    if (o >= this.ends.n || a[o] !== i) return -1; // out of step with the scan: cannot happen on the text it scanned; refuse, never guess
    this.c = a[o + 2]!;
    return a[o + 1]!;
  }

  /** The JSON pointer of the value at `depth`, as ajv's instancePath spells it. */
  private pointer(depth: number): string {
    let p = '';
    for (let d = 0; d < depth; d++) {
      const s = this.pathStart[d]!;
      const seg = s < 0 ? String(this.pathEnd[d]) : this.b.toString('utf8', s, this.pathEnd[d]);
      p += `/${seg.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    }
    return p;
  }
}

/** Whether b[s, e) equals one of the values. */
function oneOfBytes(values: Buffer[], b: Buffer, s: number, e: number): boolean {
  for (const v of values) if (v.length === e - s && b.compare(v, 0, v.length, s, e) === 0) return true;
  return false;
}

/** Sorted-name comparison of a schema name with the member name b[s, e). */
function compareName(name: Buffer, b: Buffer, s: number, e: number): number {
  const l1 = name.length;
  const l2 = e - s;
  const m = l1 < l2 ? l1 : l2;
  for (let k = 0; k < m; k++) {
    const x = name[k]!;
    const y = b[s + k]!;
    if (x !== y) return x - y;
  }
  return l1 - l2;
}

/** From just after an opening quote to just after the closing one (the text is proven canonical). */
function stringEnd(b: Buffer, i: number): number {
  const stop = i + 32;
  while (i < stop) {
    const c = b[i];
    if (c === 0x22) return i + 1;
    i += c === 0x5c ? 2 : 1;
  }
  for (;;) {
    const q = b.indexOf(0x22, i);
    let s = q - 1;
    while (b[s] === 0x5c) s--;
    if ((q - 1 - s) % 2 === 0) return q + 1; // an even run of backslashes: the quote is not escaped
    i = q + 1;
  }
}

function numberEnd(b: Buffer, i: number): number {
  for (;;) {
    const c = b[++i];
    if (c === undefined || !((c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d)) return i;
  }
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

/** A canonical number is integral when it has neither point nor exponent, or a positive exponent (>= 1e21). */
function isIntegral(b: Buffer, s: number, e: number): boolean {
  for (let k = s; k < e; k++) {
    const c = b[k];
    if (c === 0x65) return b[k + 1] === 0x2b;
    if (c === 0x2e) {
      while (k < e && b[k] !== 0x65) k++;
      return k < e && b[k + 1] === 0x2b;
    }
  }
  return true;
}

/** Characters of a canonical string's body b[s, e), counted as ajv counts them (code points). */
function codePoints(b: Buffer, s: number, e: number): number {
  let n = 0;
  for (let k = s; k < e; k++) {
    const c = b[k]!;
    if (c === 0x5c) {
      n++;
      k += b[k + 1] === 0x75 ? 5 : 1;
    } else if ((c & 0xc0) !== 0x80) n++;
  }
  return n;
}

/** `"sha256:` + 64 lowercase hex + `"` */
function isDigestToken(b: Buffer, s: number, e: number): boolean {
  if (e - s !== 73) return false;
  if (b[s + 1] !== 0x73 || b[s + 2] !== 0x68 || b[s + 3] !== 0x61 || b[s + 4] !== 0x32 || b[s + 5] !== 0x35 || b[s + 6] !== 0x36 || b[s + 7] !== 0x3a) return false;
  for (let k = s + 8; k < e - 1; k++) if (HEX[b[k]!] === 0) return false;
  return true;
}

const HEX = new Uint8Array(256);
for (const c of '0123456789abcdef') HEX[c.charCodeAt(0)] = 1;

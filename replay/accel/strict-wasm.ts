import { readFileSync } from 'node:fs';
import { packageFile } from '../package-files.ts';
import { ARG, CHECK, OUT, RESULT, TABLE } from './strict-layout.ts';

/**
 * The accelerator of two rules: the canonical-form proof (the exact reference is json.ts's
 * scanner) and the schema check (the reference is ajv, format/schemas.ts). The scanner and the
 * schema walk are C compiled to WebAssembly (wasm/strict.c; replay/accel/README.md). A verdict from
 * here is final; whatever the module cannot decide (too large, too deep, a key it does not order,
 * a schema it does not compile) goes to the reference, and differential tests hold the two to the
 * same answers. Every offset shared with the C is named in strict-layout.ts.
 *
 * One instance per thread. Its memory: the module's own data and stack, then a fixed zone (call
 * arguments, slots, checks, schema plans), then the text last loaded, its table of containers and
 * the projection's output, laid out again for each text.
 */
const WASM_URL = packageFile('replay/accel/wasm/strict.wasm');
/** Zero bytes after a text: every look-ahead of the scanner (at most 16 bytes past a stop) reads one. */
const PAD = 64;
/** Texts above this go to the reference: the table's worst case (3 cells per 2 bytes) stays bounded. */
export const WASM_MAX_TEXT = 16 << 20;
const PAGE = 65536;
const FIXED = 1 << 20;
const IO_WORDS = 64;
const PENDING_PAIRS = 4096;
/** Words for the records left to the caller: a reference's carries its path (a bank of a few thousand questions fits). */
const CHECKS = 65536;
const MAX_SLOTS = 64;
/** Containers over 1M (a run segment of 2,000 lines has ~16k) and projected output over 16 MiB: left to the reference. */
const MAX_TABLE_CELLS = 3 << 20;
const MAX_OUT_WORDS = 4 << 20;

// The WebAssembly API as used here (this project's TS libs carry no DOM types, where it is declared).
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  RuntimeError: new () => Error;
  Instance: new (module: object, imports: object) => { exports: unknown };
}
const WASM = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;

interface Exports {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  heap(): number;
  pending(): number;
  scan(b: number, n: number, a: number, cap: number, pend: number, pendCap: number): number;
  walk(b: number, n: number, a: number, an: number, io: number): number;
  walked(what: number): number;
}

/** A schema plan as the walk reads it (schema-bytes.ts `wasmPlan` builds one; strict-layout.ts N, M). */
export interface PlanWords {
  words: Int32Array; // node records and their lists
  blob: Uint8Array; // names and const values
  bounds: Float64Array; // per node id: minimum, maximum (NaN: none)
  root: number; // word offset of the root node
  items: number; // word offset of the projected array's items node, or -1
  itemSlots: number[];
  slots: number;
}

/** A plan placed in the module's memory. */
export interface PlacedPlan {
  plan: PlanWords;
  words: number;
  blob: number;
  bounds: number;
  itemSlots: number;
}

/** A text proven canonical and still loaded: what a walk of it needs (see `Strict.holds`). */
export interface Proof {
  readonly generation: number;
}

export interface Walked {
  end: number; // >= 0 valid, RESULT.INVALID, RESULT.UNDECIDED
  checks: Int32Array; // CHECK records left for the caller
  items: Int32Array; // OUT records, one per projected element
  top: { starts: Int32Array; ends: Int32Array };
}

export class Strict {
  private readonly ex: Exports;
  private u8!: Uint8Array;
  private i32!: Int32Array;
  private readonly io: number;
  private readonly slotStart: number;
  private readonly slotEnd: number;
  private readonly checks: number;
  private readonly pend: number;
  private fixedNext: number;
  private readonly dynamic: number;
  // The loaded text: where it is, and which bytes it is a copy of (their buffer, offset, length).
  private textAt = 0;
  private n = -1;
  private tableAt = 0;
  private cells = -1;
  private outAt = 0;
  private from: ArrayBufferLike | null = null;
  private fromOffset = -1;
  /** Counts texts loaded: a proof carries the count it came with. */
  private generation = 0;
  /** What this instance decided, and what it left to the reference (tests check the module really decides). */
  readonly stats = { proven: 0, refused: 0, undecided: 0, valid: 0, invalid: 0, unsure: 0 };

  constructor(api: WasmApi, module: object) {
    this.ex = new api.Instance(module, {}).exports as unknown as Exports;
    const base = align(this.ex.heap(), 16);
    this.io = base;
    this.slotStart = this.io + IO_WORDS * 4;
    this.slotEnd = this.slotStart + MAX_SLOTS * 4;
    this.checks = this.slotEnd + MAX_SLOTS * 4;
    this.pend = this.checks + CHECKS * 4;
    this.fixedNext = this.pend + PENDING_PAIRS * 8;
    this.dynamic = base + FIXED;
    this.room(this.dynamic);
  }

  /** Make the memory at least `bytes` long (views are remade: growing detaches the old buffer). */
  private room(bytes: number) {
    const have = this.ex.memory.buffer.byteLength;
    if (bytes > have) this.ex.memory.grow(Math.ceil((bytes - have) / PAGE));
    if (this.u8?.buffer !== this.ex.memory.buffer) {
      this.u8 = new Uint8Array(this.ex.memory.buffer);
      this.i32 = new Int32Array(this.ex.memory.buffer);
    }
  }

  /** Copy a plan into the fixed zone, once; null when it does not fit there. */
  place(plan: PlanWords): PlacedPlan | null {
    if (plan.slots > MAX_SLOTS) return null;
    let at = align(this.fixedNext, 8);
    const words = at;
    at += plan.words.byteLength;
    const bounds = align(at, 8);
    at = bounds + plan.bounds.byteLength;
    const itemSlots = at;
    at += plan.itemSlots.length * 4;
    const blob = at;
    at += plan.blob.byteLength;
    if (at > this.dynamic) return null;
    this.fixedNext = at;
    this.u8.set(new Uint8Array(plan.words.buffer, plan.words.byteOffset, plan.words.byteLength), words);
    this.u8.set(new Uint8Array(plan.bounds.buffer, plan.bounds.byteOffset, plan.bounds.byteLength), bounds);
    this.i32.set(plan.itemSlots, itemSlots >> 2);
    this.u8.set(plan.blob, blob);
    return { plan, words, blob, bounds, itemSlots };
  }

  /**
   * Scan a text (a copy goes into the module's memory): true when it is proven canonical and strict
   * (valid UTF-8 aside, which the caller checks), false when not proven (the reference decides, and
   * names the reason), null when not decided here (too large, too deep, too many numbers to print
   * back). The text stays loaded for `walk` and `table` until the next call.
   */
  prove(bytes: Uint8Array): boolean | null {
    this.from = null;
    this.n = -1;
    this.generation++;
    const n = bytes.length;
    if (n > WASM_MAX_TEXT) return null;
    const textAt = this.dynamic;
    const tableAt = align(textAt + n + PAD, 8);
    // Room for every container a text this long can hold, up to a bound: the module's memory never
    // shrinks, so one hostile text must not leave a thread holding a table of ~6 bytes per byte.
    const cap = Math.min(3 * (Math.floor(n / 2) + 1), MAX_TABLE_CELLS);
    this.room(tableAt + cap * 4);
    const u8 = this.u8;
    u8.set(bytes, textAt);
    u8.fill(0, textAt + n, textAt + n + PAD);
    const r = trapped(() => this.ex.scan(textAt, n, tableAt, cap, this.pend, PENDING_PAIRS * 2));
    if (r === RESULT.UNDECIDED) {
      this.stats.undecided++;
      return null;
    }
    if (r < 0) {
      this.stats.refused++;
      return false;
    }
    // Number tokens the scanner could not prove canonical alone: printed back here.
    const pending = this.ex.pending();
    const p = this.pend >> 2;
    const text = pending > 0 ? u8.subarray(textAt, textAt + n) : u8;
    for (let k = 0; k < pending; k++) {
      if (!numberPrintsBack(text, this.i32[p + 2 * k]!, this.i32[p + 2 * k + 1]!)) {
        this.stats.refused++;
        return false;
      }
    }
    this.stats.proven++;
    this.textAt = textAt;
    this.n = n;
    this.tableAt = tableAt;
    this.cells = r;
    this.outAt = align(tableAt + r * 4, 8);
    this.from = bytes.buffer;
    this.fromOffset = bytes.byteOffset;
    return true;
  }

  /** The proof of the text just proven (call right after `prove` said true). */
  proof(): Proof {
    return { generation: this.generation };
  }

  /** Whether `bytes`, proven with `proof`, are the text still loaded. */
  holds(bytes: Uint8Array, proof: Proof): boolean {
    return proof.generation === this.generation && this.n >= 0 && this.from === bytes.buffer && this.fromOffset === bytes.byteOffset && this.n === bytes.length;
  }

  /**
   * The loaded text's table of containers (strict-layout.ts TABLE records, in the order the
   * containers open), as a view of the module's memory: valid until the next call into the module.
   */
  table(): Int32Array {
    return this.i32.subarray(this.tableAt >> 2, (this.tableAt >> 2) + Math.max(this.cells, 0));
  }

  /** Walk the loaded text against a placed plan; null when no text is loaded. Views valid until the next call. */
  walk(placed: PlacedPlan, maxItems: number): Walked | null {
    if (this.n < 0) return null;
    const plan = placed.plan;
    const record = OUT.SLOTS + 2 * plan.slots;
    const outCap = plan.items >= 0 ? Math.min(record * (maxItems + 1), MAX_OUT_WORDS) : 0; // more items: undecided
    this.room(this.outAt + outCap * 4 + 8);
    const args = new Array<number>(ARG.COUNT);
    args[ARG.NODES] = placed.words;
    args[ARG.BLOB] = placed.blob;
    args[ARG.BOUNDS] = placed.bounds;
    args[ARG.ITEMS_NODE] = plan.items;
    args[ARG.ITEM_SLOTS] = placed.itemSlots;
    args[ARG.N_ITEM_SLOTS] = plan.itemSlots.length;
    args[ARG.SLOT_START] = this.slotStart;
    args[ARG.SLOT_END] = this.slotEnd;
    args[ARG.N_SLOTS] = plan.slots;
    args[ARG.OUT] = this.outAt;
    args[ARG.OUT_CAP] = outCap;
    args[ARG.CHECKS] = this.checks;
    args[ARG.CHECKS_CAP] = CHECKS;
    args[ARG.ROOT] = plan.root;
    this.i32.set(args, this.io >> 2);
    const end = trapped(() => this.ex.walk(this.textAt, this.n, this.tableAt, this.cells, this.io));
    if (end === RESULT.INVALID) this.stats.invalid++;
    else if (end < 0) this.stats.unsure++;
    else this.stats.valid++;
    if (end < 0) return { end, checks: EMPTY, items: EMPTY, top: { starts: EMPTY, ends: EMPTY } };
    const i32 = this.i32;
    return {
      end,
      checks: i32.subarray(this.checks >> 2, (this.checks >> 2) + this.ex.walked(1)),
      items: i32.subarray(this.outAt >> 2, (this.outAt >> 2) + this.ex.walked(0)),
      top: { starts: i32.subarray(this.slotStart >> 2, (this.slotStart >> 2) + plan.slots), ends: i32.subarray(this.slotEnd >> 2, (this.slotEnd >> 2) + plan.slots) },
    };
  }
}

const EMPTY = new Int32Array(0);

/** Each CHECK record in `checks`: its offset (the record's fields are at offset + CHECK.*). */
export function* checkRecords(checks: Int32Array): Generator<number> {
  for (let k = 0; k < checks.length; k += CHECK.SIZE + checks[k + CHECK.EXTRA]!) yield k;
}

/**
 * A number token the scanner left to be printed back: canonical when ECMAScript prints its value as
 * exactly these bytes, the value is finite, and safe if integral (the rule of json.ts's scanner).
 */
export function numberPrintsBack(b: Uint8Array, start: number, end: number): boolean {
  if (end - start > 32) return false; // no canonical number is this long ("-1.2345678901234567e-308" is 24)
  let token = '';
  for (let k = start; k < end; k++) token += String.fromCharCode(b[k]!);
  const v = Number(token);
  if (!Number.isFinite(v) || (Number.isInteger(v) && !Number.isSafeInteger(v))) return false;
  return String(v) === token;
}

/**
 * A call into the module; a trap (a schema whose oneOf refers back to itself without consuming
 * input recurses until the stack runs out) is undecided, and the reference decides. The module
 * keeps no state across calls (every call sets its globals; nothing lives on a shadow stack), so
 * the instance stays usable.
 */
function trapped(call: () => number): number {
  try {
    return call();
  } catch (e) {
    if (e instanceof RangeError || (WASM && e instanceof WASM.RuntimeError)) return RESULT.UNDECIDED; // stack exhausted, or a trap
    throw e;
  }
}
const align = (x: number, to: number) => Math.ceil(x / to) * to;

let instance: Strict | null | undefined;
let enabled = true;

/**
 * Whether this thread uses the accelerator from now on (the default) or the references alone. For
 * differential tests and benchmarks; the answers are the same either way.
 */
export function useAccelerator(on: boolean) {
  enabled = on;
}

/**
 * This thread's instance, made on first use; null where WebAssembly (with SIMD) is unavailable or
 * DOCKET_WASM=0 asks for the references alone (a diagnostic: the answers are the same).
 */
export function strict(): Strict | null {
  if (!enabled) return null;
  if (instance === undefined) {
    instance = null;
    if (process.env.DOCKET_WASM !== '0' && WASM) {
      try {
        instance = new Strict(WASM, new WASM.Module(readFileSync(WASM_URL)));
      } catch {
        instance = null;
      }
    }
  }
  return instance;
}

/**
 * The members of a container of a proven text, in order, read along its table of containers
 * (`table()`, TABLE records; `c` is the container's record): `visit` gets each member's name span
 * inside its quotes (-1, -1 in an array), the value's span, and the value's own TABLE record when
 * it is a container (else -1). A nested container is stepped over in O(1). Stops when `visit`
 * returns false.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a visitor that never stops the walk returns nothing
export function eachMember(b: Uint8Array, table: Int32Array, c: number, visit: (nameStart: number, nameEnd: number, start: number, end: number, record: number) => boolean | void): void {
  const start = table[c + TABLE.START]!;
  const object = b[start] === 0x7b;
  let i = start + 1;
  if (b[i] === 0x7d || b[i] === 0x5d) return;
  let next = c + TABLE.SIZE; // the record of the next container to open: the first child, then each one's NEXT
  for (;;) {
    let ns = -1;
    let ne = -1;
    if (object) {
      ns = i + 1;
      ne = stringEnd(b, ns) - 1;
      i = ne + 2; // past the quote and the colon
    }
    const x = b[i];
    let end: number;
    let record = -1;
    if (x === 0x7b || x === 0x5b) {
      if (table[next + TABLE.START] !== i) throw new Error('internal: a table of containers out of step with its text');
      record = next;
      end = table[next + TABLE.END]!;
      next = table[next + TABLE.NEXT]!;
    } else if (x === 0x22) end = stringEnd(b, i + 1);
    else for (end = i + 1; b[end] !== 0x2c && b[end] !== 0x7d && b[end] !== 0x5d; end++); // a number, true, false, null
    if (visit(ns, ne, i, end, record) === false || b[end] !== 0x2c) return;
    i = end + 1;
  }
}

/** From just after the opening quote of a string in a proven text to just after its closing quote. */
function stringEnd(b: Uint8Array, i: number): number {
  const stop = i + 32; // names, ids, enums: byte by byte
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

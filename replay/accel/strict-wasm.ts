import { readFileSync } from 'node:fs';
import { packageFile } from '../package-files.ts';
import { numberPrintsBack, type Containers } from './canonical-bytes.ts';

/**
 * The strict scanner and schema walk compiled to WebAssembly (replay/accel/wasm/strict.c): a second
 * implementation of canonical-bytes.ts `isCanonicalBytes` + `hasControlByte` and of schema-bytes.ts
 * `Walk`, ~2.7x faster on run segments. The JS ones stay the reference: differential tests hold the
 * two to the same answers, and whatever the module cannot decide (see strict.c) goes to them.
 *
 * One instance per thread. Its memory: the module's own data and stack, then a fixed zone (call
 * arguments, slots, checks, schema plans), then the text last loaded, its table of containers and
 * the projection's output, laid out again for each text.
 */
const WASM_URL = packageFile('replay/accel/wasm/strict.wasm');
/** Zero bytes after a text: every look-ahead of the scanner (at most 16 bytes past a stop) reads one. */
const PAD = 64;
/** Texts above this go to the JS scanner: the table's worst case (3 cells per 2 bytes) stays bounded. */
export const WASM_MAX_TEXT = 16 << 20;
const PAGE = 65536;
const FIXED = 1 << 20;
const PENDING_PAIRS = 4096;
const CHECKS = 4096;
const MAX_SLOTS = 64;
/** Containers over 1M (a run segment of 2,000 lines has ~16k) and projected output over 16 MiB: left to JS. */
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

/** A schema plan as the walk reads it (schema-bytes.ts `wasmPlan` builds one). */
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

export const CHECK_PATTERN = 1;
export const CHECK_RANGE = 2;

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
  /** Counts texts proven: a table copied out carries the count it came with (Containers.loaded). */
  generation = 0;
  /** What this instance decided, and what it left to the JS reference (tests check the module really decides). */
  readonly stats = { proven: 0, refused: 0, undecided: 0, valid: 0, invalid: 0, unsure: 0 };

  constructor(api: WasmApi, module: object) {
    this.ex = new api.Instance(module, {}).exports as unknown as Exports;
    const base = align(this.ex.heap(), 16);
    this.io = base;
    this.slotStart = this.io + 64 * 4;
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
   * Scan a text (a copy goes into the module's memory): true when it is proven canonical, with no
   * raw control byte (json.ts `provenCanonical`'s contract, UTF-8 aside); false when the JS scanner
   * would also say "not proven"; null when not decided here (too large, too deep, too many numbers
   * to print back). The text stays loaded for `walk` until the next call.
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
    if (r === -2) {
      this.stats.undecided++;
      return null;
    }
    if (r < 0) {
      this.stats.refused++;
      return false;
    }
    // Number tokens the scanner could not prove canonical alone: printed back here, as the JS scanner does.
    const pending = this.ex.pending();
    const p = this.pend >> 2;
    const text = pending > 0 ? u8.subarray(textAt, textAt + n) : u8;
    for (let k = 0; k < pending; k++) {
      const s = this.i32[p + 2 * k]!;
      const e = this.i32[p + 2 * k + 1]!;
      if (numberPrintsBack(text, s, e) < 0) {
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

  /** Whether `bytes`, scanned into `table`, are the text last proven and still loaded. */
  holds(bytes: Uint8Array, table: Containers): boolean {
    return table.loaded === this.generation && this.from === bytes.buffer && this.fromOffset === bytes.byteOffset && this.n === bytes.length;
  }

  /** The last proven text's table of containers, copied into `into` (for the JS walk). */
  tableInto(into: Containers) {
    if (into.a.length < this.cells) into.a = new Int32Array(Math.max(this.cells, 2 * into.a.length));
    into.a.set(this.i32.subarray(this.tableAt >> 2, (this.tableAt >> 2) + this.cells));
    into.n = this.cells;
    into.loaded = this.generation;
  }

  /**
   * Walk the last proven text against a placed plan. Returns the walk's verdict (>= 0 valid, -1
   * invalid, -2 undecided) and, when valid, the checks left for the caller: (what, node id, start, end).
   */
  walk(placed: PlacedPlan, maxItems: number): { end: number; checks: Int32Array; items: Int32Array; top: { starts: Int32Array; ends: Int32Array } } | null {
    if (this.n < 0) return null;
    const plan = placed.plan;
    const record = 2 + 2 * plan.slots;
    const outCap = plan.items >= 0 ? Math.min(record * (maxItems + 1), MAX_OUT_WORDS) : 0; // more items: -2 (undecided)
    this.room(this.outAt + outCap * 4 + 8);
    const io = this.io >> 2;
    const args = [placed.words, placed.blob, placed.bounds, plan.items, placed.itemSlots, plan.itemSlots.length, this.slotStart, this.slotEnd, plan.slots, this.outAt, outCap, this.checks, CHECKS, plan.root];
    this.i32.set(args, io);
    const end = trapped(() => this.ex.walk(this.textAt, this.n, this.tableAt, this.cells, this.io));
    if (end === -1) this.stats.invalid++;
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

/**
 * A call into the module; a trap (a schema whose oneOf refers back to itself without consuming
 * input recurses until the stack runs out) is "not decided" (-2), and the JS reference decides. The
 * module keeps no state across calls (every call sets its globals; nothing lives on a shadow
 * stack), so the instance stays usable.
 */
function trapped(call: () => number): number {
  try {
    return call();
  } catch (e) {
    if (e instanceof RangeError || (WASM && e instanceof WASM.RuntimeError)) return -2; // stack exhausted, or a trap
    throw e;
  }
}
const align = (x: number, to: number) => Math.ceil(x / to) * to;

let instance: Strict | null | undefined;
let engine: 'wasm' | 'js' = 'wasm';

/**
 * Which implementation proves texts in this thread from now on: the WebAssembly module (the
 * default, where it loads) or the JS reference alone. For differential tests and benchmarks; the
 * answers are the same either way.
 */
export function useStrictEngine(which: 'wasm' | 'js') {
  engine = which;
}

/**
 * This thread's instance, made on first use; null where WebAssembly (with SIMD) is unavailable or
 * DOCKET_WASM=0 asks for the JS scanner alone (a diagnostic: the answers are the same).
 */
export function strict(): Strict | null {
  if (engine === 'js') return null;
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

import { byteLength, unsafePath, type Limits } from './limits.ts';
import type { Code } from '../codes.ts';

/**
 * A deliberately tiny ustar writer and a strict reader. We write every header byte ourselves so two
 * packs are byte-identical on any machine: mtime 0, uid/gid 0, empty uname/gname, modes 0644/0755,
 * regular files and directories only, and a pax `path` record only when a path does not fit ustar's
 * name/prefix fields. The reader accepts exactly that dialect and nothing else.
 */
export const BLOCK = 512;
export const MTIME = 0;
export const PAX_NAME = '././@PaxHeader';

export type EntryType = 'file' | 'dir';
export interface TarEntry {
  path: string; // full path inside the tar, without a trailing slash
  type: EntryType;
  mode: 0o644 | 0o755;
  size: number; // 0 for directories
}

const enc = new TextEncoder();

function putString(h: Uint8Array, off: number, len: number, s: string | Uint8Array) {
  const b = typeof s === 'string' ? enc.encode(s) : s;
  if (b.length > len) throw new Error(`tar field overflow (${b.length} > ${len})`);
  h.set(b, off);
}

function putOctal(h: Uint8Array, off: number, len: number, n: number) {
  // len-1 octal digits, zero-padded, then NUL: the ustar form every reader accepts.
  putString(h, off, len, `${n.toString(8).padStart(len - 1, '0')}\0`);
}

/** ustar name/prefix split: the longest prefix (<= 155 bytes) that leaves a name of <= 100 bytes. */
export function splitUstar(path: string): { name: string; prefix: string } | null {
  if (byteLength(path) <= 100) return { name: path, prefix: '' };
  for (let i = path.length - 1; i > 0; i--) {
    if (path[i] !== '/') continue;
    const prefix = path.slice(0, i);
    const name = path.slice(i + 1);
    if (byteLength(prefix) <= 155 && byteLength(name) <= 100 && name.length > 0) return { name, prefix };
  }
  return null;
}

export interface RawHeader {
  name: string | Uint8Array;
  mode?: number;
  uid?: number;
  gid?: number;
  size: number;
  mtime?: number;
  type: string; // one typeflag character
  linkname?: string;
  uname?: string;
  gname?: string;
  prefix?: string;
  magic?: string; // 6 bytes incl. NUL
  version?: string;
}

/** One 512-byte header block. Exported so tests can build hostile headers with the same code. */
export function headerBlock(f: RawHeader): Uint8Array {
  const h = new Uint8Array(BLOCK);
  putString(h, 0, 100, f.name);
  putOctal(h, 100, 8, f.mode ?? 0o644);
  putOctal(h, 108, 8, f.uid ?? 0);
  putOctal(h, 116, 8, f.gid ?? 0);
  putOctal(h, 124, 12, f.size);
  putOctal(h, 136, 12, f.mtime ?? MTIME);
  putString(h, 156, 1, f.type);
  putString(h, 157, 100, f.linkname ?? '');
  putString(h, 257, 6, f.magic ?? 'ustar\0');
  putString(h, 263, 2, f.version ?? '00');
  putString(h, 265, 32, f.uname ?? '');
  putString(h, 297, 32, f.gname ?? '');
  putOctal(h, 329, 8, 0);
  putOctal(h, 337, 8, 0);
  putString(h, 345, 155, f.prefix ?? '');
  setChecksum(h);
  return h;
}

export function setChecksum(h: Uint8Array) {
  h.fill(0x20, 148, 156);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += h[i]!;
  putString(h, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
}

/** A pax record "<len> key=value\n", where len counts the whole record including itself. */
export function paxRecord(key: string, value: string): Uint8Array {
  const body = ` ${key}=${value}\n`;
  const bodyLen = byteLength(body);
  let len = bodyLen + String(bodyLen).length;
  if (String(len).length !== String(len - bodyLen).length) len = bodyLen + String(len).length;
  return enc.encode(`${len}${body}`);
}

export const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** Header block(s) for one entry: a pax header first when the path does not fit ustar. */
export function entryHeaders(e: TarEntry): Uint8Array[] {
  const full = e.type === 'dir' ? `${e.path}/` : e.path;
  const type = e.type === 'dir' ? '5' : '0';
  const split = splitUstar(full);
  if (split) return [headerBlock({ name: split.name, prefix: split.prefix, mode: e.mode, size: e.size, type })];
  const rec = paxRecord('path', full);
  const data = new Uint8Array(rec.length + padding(rec.length));
  data.set(rec);
  // The ustar name of a pax-named entry is only a fallback for old readers: a fixed, truncated form.
  const fallback = enc.encode(full).subarray(0, 99);
  return [headerBlock({ name: PAX_NAME, size: rec.length, type: 'x', mode: 0o644 }), data, headerBlock({ name: fallback, mode: e.mode, size: e.size, type })];
}

export const END_BLOCKS = () => new Uint8Array(2 * BLOCK);

// ---------------------------------------------------------------- reading

export interface ReadEntry extends TarEntry {
  offset: number; // where the data starts in the tar stream
}

export interface TarIssue {
  code: Code;
  path: string | null;
  message: string;
}

const dec = new TextDecoder('utf-8', { fatal: true });

function field(h: Uint8Array, off: number, len: number): Uint8Array {
  const raw = h.subarray(off, off + len);
  const nul = raw.indexOf(0);
  return nul < 0 ? raw : raw.subarray(0, nul);
}

function text(h: Uint8Array, off: number, len: number): string | null {
  try {
    return dec.decode(field(h, off, len));
  } catch {
    return null;
  }
}

/** Strict octal: digits, then NUL or space padding. Base-256 (huge or negative) is refused. */
function octal(h: Uint8Array, off: number, len: number): number | null {
  if (h[off]! & 0x80) return null;
  const s = new TextDecoder('latin1').decode(field(h, off, len)).replace(/ +$/, '');
  if (!/^[0-7]{1,12}$/.test(s)) return null;
  const n = parseInt(s, 8);
  return Number.isSafeInteger(n) ? n : null;
}

function checksumOk(h: Uint8Array): boolean {
  const want = octal(h, 148, 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i]!;
  return want === sum;
}

const isZero = (b: Uint8Array) => b.every((x) => x === 0);

const TYPE_NAMES: Record<string, [Code, string]> = {
  '1': ['ELINK', 'hard link'],
  '2': ['ELINK', 'symbolic link'],
  '3': ['ESPECIAL', 'character device'],
  '4': ['ESPECIAL', 'block device'],
  '6': ['ESPECIAL', 'FIFO'],
  '7': ['ESPECIAL', 'contiguous file'],
  g: ['EPAX', 'global pax header'],
  L: ['EPAX', 'GNU long name'],
  K: ['EPAX', 'GNU long link name'],
};

export interface ParseResult {
  entries: ReadEntry[];
  issues: TarIssue[];
  fatal: boolean; // the stream could not be walked to its end
}

/** The list-only pass over an in-memory tar stream: the walker below, fed in one piece. */
export function parseTar(tar: Uint8Array, limits: Limits, maxEntries = limits.entries): ParseResult {
  const w = new TarWalker(limits, maxEntries);
  w.push(tar);
  return w.end();
}

/** Pax data above this is refused unread: our writer's only pax record is one `path` (≤ 255 bytes). */
const MAX_PAX = 64 * 1024;

/**
 * A streaming walk of every header, fed the tar stream in chunks of any size, so a release is
 * checked and extracted without ever holding the whole tar in memory. Entries that break a rule are
 * reported and left out of `entries` (the caller decides: any issue fails a release); a fatal issue
 * stops the walk. `onEntry` sees each accepted entry when its header is read and `onData` the bytes
 * of the accepted file whose header came last, in order; an entry's data is complete only if the walk ends without a fatal
 * issue. `maxEntries` stops early so a stream of a million empty headers costs nothing.
 */
export class TarWalker {
  readonly entries: ReadEntry[] = [];
  readonly issues: TarIssue[] = [];
  fatal = false;
  onEntry: ((e: ReadEntry) => void) | null = null;
  onData: ((chunk: Uint8Array) => void) | null = null;
  private off = 0; // stream offset of the next byte pushed
  private state: 'header' | 'zero2' | 'data' | 'trailer' = 'header';
  private block = new Uint8Array(BLOCK);
  private blockLen = 0;
  private headerAt = 0;
  private remaining = 0; // data bytes left in the current entry
  private skip = 0; // padding bytes left after the data
  private current: ReadEntry | null = null; // an accepted file receiving data
  private pax: { buf: Uint8Array; len: number } | null = null;
  private dataSize = 0;
  private paxPath: string | null = null;
  private count = 0;
  private trailing = 0;

  constructor(
    private readonly limits: Limits,
    private readonly maxEntries = limits.entries,
  ) {}

  private issue(code: Code, path: string | null, message: string, fatal = false) {
    this.issues.push({ code, path, message });
    if (fatal) this.fatal = true;
  }

  push(chunk: Uint8Array): void {
    let i = 0;
    while (i < chunk.length && !this.fatal) {
      if (this.state === 'trailer') {
        this.trailing += chunk.length - i;
        break;
      }
      if (this.state === 'data') {
        if (this.remaining > 0) {
          const n = Math.min(this.remaining, chunk.length - i);
          const piece = chunk.subarray(i, i + n);
          if (this.current) this.onData?.(piece);
          else if (this.pax) {
            this.pax.buf.set(piece, this.pax.len);
            this.pax.len += n;
          }
          this.remaining -= n;
          i += n;
          this.off += n;
          if (this.remaining > 0) continue;
        }
        if (this.skip > 0) {
          const n = Math.min(this.skip, chunk.length - i);
          this.skip -= n;
          i += n;
          this.off += n;
          if (this.skip > 0) continue;
        }
        this.finishEntry();
        continue;
      }
      // 'header' or 'zero2': gather one block
      const n = Math.min(BLOCK - this.blockLen, chunk.length - i);
      if (this.blockLen === 0) this.headerAt = this.off;
      this.block.set(chunk.subarray(i, i + n), this.blockLen);
      this.blockLen += n;
      i += n;
      this.off += n;
      if (this.blockLen < BLOCK) continue;
      this.blockLen = 0;
      if (this.state === 'zero2') {
        if (!isZero(this.block)) this.issue('ETRUNCATED', null, 'a single zero block: the tar end marker is two zero blocks', true);
        else this.state = 'trailer';
      } else this.header(this.block);
    }
  }

  end(): ParseResult {
    if (!this.fatal) {
      if (this.state === 'trailer') {
        if (this.trailing > 0) this.issue('ETRAILING', null, `${this.trailing} bytes after the end of the tar archive`);
        if (this.paxPath !== null) this.issue('EPAX', this.paxPath, 'pax header with no entry after it');
      } else if (this.state === 'zero2') this.issue('ETRUNCATED', null, 'a single zero block: the tar end marker is two zero blocks', true);
      else if (this.state === 'data') this.issue('ETRUNCATED', null, `entry at byte ${this.headerAt} claims ${this.dataSize} bytes; the stream ends first`, true);
      else this.issue('ETRUNCATED', null, `tar stream ends at byte ${this.off} without the two zero end blocks`, true);
    }
    return { entries: this.entries, issues: this.issues, fatal: this.fatal };
  }

  private finishEntry() {
    if (this.pax) {
      const p = parsePax(this.pax.buf.subarray(0, this.pax.len));
      if (typeof p !== 'string') this.issue('EPAX', null, p.error);
      else this.paxPath = p;
    }
    this.pax = null;
    this.current = null;
    this.state = 'header';
  }

  private enterData(size: number) {
    this.dataSize = size;
    this.remaining = size;
    this.skip = padding(size);
    this.state = 'data';
    if (size === 0) this.finishEntry();
  }

  private header(h: Uint8Array) {
    const off = this.headerAt;
    const limits = this.limits;
    if (isZero(h)) {
      this.state = 'zero2';
      return;
    }
    if (++this.count > this.maxEntries) return this.issue('ECOUNT', null, `more than ${this.maxEntries} tar entries`, true);
    if (!checksumOk(h)) return this.issue('ECHECKSUM', null, `bad header checksum at byte ${off}`, true);
    const size = octal(h, 124, 12);
    if (size === null) return this.issue('ESIZEFIELD', null, `header at byte ${off}: size field is not plain octal (a huge or negative base-256 size)`, true);
    // Fatal: a size this large cannot be skipped safely, and the name is not worth trusting.
    if (size > limits.entryBytes) return this.issue('ETOOBIG', text(h, 0, 100), `header at byte ${off}: ${size} bytes, over the ${limits.entryBytes}-byte entry cap`, true);
    const type = String.fromCharCode(h[156]!);
    const nameRaw = text(h, 0, 100);
    const prefix = text(h, 345, 155);
    if (nameRaw === null || prefix === null) {
      this.issue('EPATH', null, `header at byte ${off}: name is not valid UTF-8`);
      this.paxPath = null;
      return this.enterData(size);
    }
    let name = prefix ? `${prefix}/${nameRaw}` : nameRaw;
    if (type === 'x') {
      if (size > MAX_PAX) this.issue('EPAX', null, `pax header of ${size} bytes (at most ${MAX_PAX})`);
      else this.pax = { buf: new Uint8Array(size), len: 0 };
      return this.enterData(size);
    }
    if (this.paxPath !== null) {
      name = this.paxPath;
      this.paxPath = null;
    }
    const reject = (code: Code, path: string, message: string) => {
      this.issue(code, path, message);
      this.enterData(size);
    };
    const bad = TYPE_NAMES[type];
    if (bad) return reject(bad[0], name, `${bad[1]} entries are refused (links and special files never leave staging safe)`);
    if (type !== '0' && type !== '5') return reject('ETYPE', name, `unknown tar entry type ${JSON.stringify(type)}`);
    const isDir = type === '5';
    if (isDir) name = name.replace(/\/$/, '');
    const why = unsafePath(name, limits);
    if (why) return reject(why.code, name, why.reason);
    const canon = canonicalFields(h, isDir, size);
    if (canon) return reject('ETARHEADER', name, canon);
    const entry: ReadEntry = { path: name, type: isDir ? 'dir' : 'file', mode: octal(h, 100, 8) as 0o644 | 0o755, size, offset: off + BLOCK };
    this.entries.push(entry);
    this.onEntry?.(entry);
    if (!isDir) this.current = entry;
    this.enterData(size);
  }
}

/** Everything our writer fixes must have the fixed value; returns why not, or null. */
function canonicalFields(h: Uint8Array, isDir: boolean, size: number): string | null {
  const magic = new TextDecoder('latin1').decode(h.subarray(257, 265));
  if (magic !== 'ustar\u000000') return 'not a POSIX ustar header';
  const mode = octal(h, 100, 8);
  if (isDir ? mode !== 0o755 : mode !== 0o644 && mode !== 0o755) return `mode ${mode?.toString(8)} (expected ${isDir ? '0755' : '0644 or 0755'})`;
  if (octal(h, 108, 8) !== 0 || octal(h, 116, 8) !== 0) return 'uid/gid must be 0';
  if (octal(h, 136, 12) !== MTIME) return `mtime must be ${MTIME}`;
  if (field(h, 157, 100).length) return 'link name on a non-link entry';
  if (field(h, 265, 32).length || field(h, 297, 32).length) return 'uname/gname must be empty';
  if (isDir && size !== 0) return 'directory entry with data';
  return null;
}

/** Only one record is allowed: `path`. Anything else (size, linkpath, mtime...) could desync readers. */
function parsePax(data: Uint8Array): string | { error: string } {
  let s: string;
  try {
    s = dec.decode(data);
  } catch {
    return { error: 'pax header is not valid UTF-8' };
  }
  const m = /^(\d+) path=([^\n]*)\n$/.exec(s);
  if (!m || Number(m[1]) !== data.length) return { error: 'pax header must hold exactly one well-formed "path" record' };
  return m[2]!;
}

import crc32 from 'crc-32';
import { Zip, ZipDeflate, ZipPassThrough, type ZipInputFile } from 'fflate';
import { readZip } from '../../../replay/import/zip.ts';

/** Test helpers: build inspect_ai-style zips (deflate, stored or zstd entries; names may repeat). */
export interface BuildEntry {
  name: string;
  data: Uint8Array;
  method?: 0 | 8 | 93;
  zstd?: Uint8Array; // method 93: the compressed frame (default: zstdRawFrame(data))
}

export function buildZip(entries: BuildEntry[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    chunks.push(chunk);
  });
  for (const e of entries) {
    const method = e.method ?? 8;
    if (method === 93) {
      const file: ZipInputFile = { filename: e.name, size: e.data.length, crc: crc32.buf(e.data) >>> 0, compression: 93 };
      zip.add(file);
      file.ondata!(null, (e.zstd ?? zstdRawFrame(e.data)) as Uint8Array<ArrayBuffer>, true);
    } else {
      const file = method === 8 ? new ZipDeflate(e.name, { level: 6 }) : new ZipPassThrough(e.name);
      zip.add(file);
      file.push(e.data, true);
    }
  }
  zip.end();
  return Buffer.concat(chunks);
}

/**
 * A valid zstd frame (RFC 8878) of raw blocks: magic, a single-segment header with a 4-byte content
 * size, blocks of at most 128 KiB, no checksum. Any conforming decoder must accept it.
 */
export function zstdRawFrame(data: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd, 0xa0)];
  const size = Buffer.alloc(4);
  size.writeUInt32LE(data.length);
  parts.push(size);
  const MAX = 128 * 1024;
  let off = 0;
  do {
    const n = Math.min(MAX, data.length - off);
    const last = off + n >= data.length ? 1 : 0;
    const h = (n << 3) | last; // block type 0 (raw)
    parts.push(Uint8Array.of(h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff), data.subarray(off, off + n));
    off += n;
  } while (off < data.length);
  return Buffer.concat(parts);
}

/** The entries of a fixture zip, as name → text (the last entry of a name). */
export async function entriesOf(bytes: Uint8Array): Promise<Map<string, string>> {
  return new Map((await readZip(bytes, 'fixture')).map((e) => [e.name, Buffer.from(e.data).toString('utf8')]));
}

import { createRequire } from 'node:module';
import { inflateRawSync } from 'node:zlib';
import crc32 from 'crc-32';
import { Decompress as ZstdStream } from 'fzstd';
import { usageError } from '../errors.ts';

const require = createRequire(import.meta.url);

/** The part of yauzl 3 docket uses (the package ships no types). */
interface YauzlEntry {
  fileName: string;
  compressionMethod: number;
  compressedSize: number;
  uncompressedSize: number;
  crc32: number;
  isEncrypted(): boolean;
}
interface YauzlZip {
  eachEntry(): AsyncIterable<YauzlEntry>;
  openReadStreamPromise(entry: YauzlEntry, options: { decodeFileData: false }): Promise<NodeJS.ReadableStream>;
  close(): void;
}
interface Yauzl {
  fromBufferPromise(buffer: Buffer, options: { strictFileNames: boolean; validateEntrySizes: boolean }): Promise<YauzlZip>;
}

export interface ZipEntry {
  name: string;
  method: number; // 0 stored, 8 deflate, 93 zstd
  data: Uint8Array; // decompressed, CRC-checked
}

/** Uncompressed bytes allowed per entry: the bundle cap (a sample bundle holds one entry). */
export const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

const METHODS = new Map<number, (raw: Uint8Array, size: number) => Uint8Array>([
  [0, (raw) => raw],
  [8, (raw, size) => inflateRawSync(raw, { maxOutputLength: Math.max(size, 1) })],
  // inspect_ai ≥ 0.3.206 writes zstd entries (zip method 93); fzstd is a pure-JS decoder.
  [93, zstdCapped],
]);

/**
 * zstd through fzstd's streaming decoder, stopped as soon as the output passes the size the zip
 * declares: a frame that inflates further (a bomb) costs one block of memory, not its full size.
 */
function zstdCapped(raw: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  let n = 0;
  const stream = new ZstdStream((chunk) => {
    if (n + chunk.length > size) throw new Error(`inflates past the declared ${size} bytes`);
    out.set(chunk, n);
    n += chunk.length;
  });
  stream.push(raw, true);
  return n === size ? out : out.subarray(0, n);
}

/**
 * Every entry of a zip, in central-directory order, decompressed and CRC-checked. Entries are read
 * from the central directory (yauzl), the zip's own index, so a name written twice appears twice:
 * the caller decides which wins. Anything unreadable is a coded error naming the entry.
 */
export async function readZip(bytes: Uint8Array, where: string): Promise<ZipEntry[]> {
  const yauzl = require('yauzl') as Yauzl;
  let zip: YauzlZip;
  try {
    zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { strictFileNames: true, validateEntrySizes: true });
  } catch (e) {
    throw usageError('EIMPORTZIP', `${where}: not a readable zip (${(e as Error).message})`, { where });
  }
  const out: ZipEntry[] = [];
  try {
    for await (const entry of zip.eachEntry()) out.push(await readEntry(zip, entry, where));
  } catch (e) {
    if ((e as { code?: string }).code?.startsWith('EIMPORT')) throw e;
    throw usageError('EIMPORTZIP', `${where}: the zip is damaged (${(e as Error).message})`, { where });
  } finally {
    zip.close();
  }
  return out;
}

async function readEntry(zip: YauzlZip, entry: YauzlEntry, where: string): Promise<ZipEntry> {
  const name = entry.fileName;
  const at = `${where}: entry ${name}`;
  if (entry.isEncrypted()) throw usageError('EIMPORTZIP', `${at} is encrypted; docket reads only plain entries`, { where, entry: name });
  const method = METHODS.get(entry.compressionMethod);
  if (!method)
    throw usageError('EIMPORTZIP', `${at} uses zip compression method ${entry.compressionMethod}; docket reads 0 (stored), 8 (deflate) and 93 (zstd)`, {
      where,
      entry: name,
      method: entry.compressionMethod,
    });
  if (entry.uncompressedSize > MAX_ENTRY_BYTES) throw usageError('EIMPORTSIZE', `${at} is ${entry.uncompressedSize} bytes uncompressed, over the ${MAX_ENTRY_BYTES}-byte cap`, { where, entry: name });
  const raw = await collect(await zip.openReadStreamPromise(entry, { decodeFileData: false }));
  let data: Uint8Array;
  try {
    data = method(raw, entry.uncompressedSize);
  } catch (e) {
    throw usageError('EIMPORTZIP', `${at} does not decompress (${(e as Error).message})`, { where, entry: name });
  }
  if (data.length !== entry.uncompressedSize) throw usageError('EIMPORTZIP', `${at} decompresses to ${data.length} bytes, the zip says ${entry.uncompressedSize}`, { where, entry: name });
  if (crc32.buf(data) >>> 0 !== entry.crc32 >>> 0) throw usageError('EIMPORTZIP', `${at} fails its CRC-32 check`, { where, entry: name });
  return { name, method: entry.compressionMethod, data };
}

async function collect(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

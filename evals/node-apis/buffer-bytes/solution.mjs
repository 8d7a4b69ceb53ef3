import { Buffer } from 'node:buffer';

/** Encode `str` as a frame: 4-byte big-endian byte length + UTF-8 bytes. */
export function frame(str) {
  const body = Buffer.from(str, 'utf8');
  const header = Buffer.alloc(4);
  header.writeUInt32BE(body.length, 0); // bytes, not str.length
  return Buffer.concat([header, body]);
}

/**
 * Split all complete frames out of `buf`. Returns decoded messages and a
 * copied remainder, so callers may safely reuse or overwrite `buf`.
 */
export function splitFrames(buf) {
  const messages = [];
  let offset = 0;
  while (buf.length - offset >= 4) {
    const size = buf.readUInt32BE(offset);
    if (buf.length - offset - 4 < size) break;
    messages.push(buf.toString('utf8', offset + 4, offset + 4 + size));
    offset += 4 + size;
  }
  // subarray() would alias `buf`; copy so later writes cannot corrupt it.
  const rest = Buffer.from(buf.subarray(offset));
  return { messages, rest };
}

import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { type Finding, finding } from '../findings.ts';
import type { Digest } from '../format/digest.ts';
import type { Archive } from '../index/archive.ts';
import { readPlanLog } from '../runs/plans.ts';
import { b64 } from './dsse.ts';
import { logRoot, merkleRoot, sortDigests } from './merkle.ts';

/**
 * Checkpoints (docs/design.md §22): a tree size and root hash in the signed-note format of
 * transparency logs (C2SP tlog-checkpoint over golang.org/x/mod/sumdb/note), so a maintainer can
 * publish the plan log's head or a release's Merkle root anywhere and a stranger can check a
 * release, or an inclusion proof, against it with no network.
 *
 *   <origin>\n <tree size, decimal>\n <root hash, standard base64 of 32 bytes>\n
 *   \n
 *   — <key name> <base64(key hash (4 bytes, big-endian) ‖ Ed25519 signature (64 bytes))>\n
 *
 * The signature covers the text up to and including its last newline (not the blank line). The
 * key hash is the first 4 bytes of SHA-256(name ‖ "\n" ‖ 0x01 ‖ the 32-byte public key); the
 * verifier key Go's note.NewVerifier reads is `<name>+<hash as 8 hex>+<base64(0x01 ‖ key)>`.
 */

export interface Checkpoint {
  origin: string;
  size: number;
  root: Digest;
}

const ALG_ED25519 = 1;
const SIG_PREFIX = '\u2014 '; // em dash, space
const MAX_NOTE_BYTES = 1 << 20;
const MAX_SIGNATURES = 100;

/** A name or origin as notes allow it: non-empty, no whitespace, no '+'. */
export const validName = (s: string) => s.length > 0 && !/[\s+]/u.test(s);

/** The 32-byte Ed25519 public key of a private or public KeyObject. */
function rawPublic(key: KeyObject): Buffer {
  const pub = key.type === 'private' ? createPublicKey(key) : key;
  return Buffer.from(pub.export({ format: 'jwk' }).x as string, 'base64url');
}

function keyHash(name: string, key: KeyObject): Buffer {
  return createHash('sha256')
    .update(Buffer.from(`${name}\n`, 'utf8'))
    .update(Buffer.of(ALG_ED25519))
    .update(rawPublic(key))
    .digest()
    .subarray(0, 4);
}

/** The verifier key string of note.NewVerifier: `<name>+<hash hex>+<base64(0x01 ‖ key)>`. */
export function verifierKey(name: string, key: KeyObject): string {
  return `${name}+${keyHash(name, key).toString('hex')}+${Buffer.concat([Buffer.of(ALG_ED25519), rawPublic(key)]).toString('base64')}`;
}

export function checkpointBody(c: Checkpoint): string {
  return `${c.origin}\n${c.size}\n${Buffer.from(c.root.slice(7), 'hex').toString('base64')}\n`;
}

/** The signed note: body, blank line, one signature line by `name`. Ed25519 is deterministic: the same bytes every time. */
export function signCheckpoint(c: Checkpoint, name: string, key: KeyObject): string {
  if (!validName(c.origin)) throw new Error(`checkpoint origin ${JSON.stringify(c.origin)}: non-empty, without spaces or '+'`);
  return signNote(checkpointBody(c), name, key);
}

/** Any note text (ending in a newline) signed by one Ed25519 key under `name`, as note.Sign writes it. */
export function signNote(body: string, name: string, key: KeyObject): string {
  if (!validName(name)) throw new Error(`key name ${JSON.stringify(name)}: non-empty, without spaces or '+'`);
  const sig = sign(null, Buffer.from(body, 'utf8'), key);
  return `${body}\n${SIG_PREFIX}${name} ${Buffer.concat([keyHash(name, key), sig]).toString('base64')}\n`;
}

export interface OpenedCheckpoint {
  ok: boolean;
  checkpoint: Checkpoint | null; // parsed (trusted only when ok)
  signer: string | null; // the name on the signature line the key verified
  findings: Finding[];
}

/**
 * Parse a signed checkpoint and verify it with `key`, as note.Open does: the text is split at the
 * last blank line; every signature line must be well-formed; a line whose (name, key hash) is this
 * key's decides (a bad signature there rejects the note); lines of other keys are ignored. The
 * body must be origin, a decimal tree size and a 32-byte root (extension lines may follow).
 */
export function openCheckpoint(file: string, bytes: Uint8Array, key: KeyObject): OpenedCheckpoint {
  const out: OpenedCheckpoint = { ok: false, checkpoint: null, signer: null, findings: [] };
  const add = (code: 'ECHECKPOINT' | 'ECHECKPOINTSIG', message: string) => out.findings.push(finding(code, message, { path: file, digest: null }));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    add('ECHECKPOINT', 'not UTF-8');
    return out;
  }
  if (bytes.length > MAX_NOTE_BYTES || /[\u0000-\u0009\u000b-\u001f]/.test(text) || !text.endsWith('\n')) {
    add('ECHECKPOINT', 'not a signed note: over 1 MiB, a control character other than newline, or no final newline');
    return out;
  }
  const split = text.lastIndexOf('\n\n');
  if (split < 0) {
    add('ECHECKPOINT', 'not a signed note: no blank line between the text and its signatures');
    return out;
  }
  const body = text.slice(0, split + 1);
  const sigLines = text.slice(split + 2, -1).split('\n');
  if (sigLines.length > MAX_SIGNATURES) {
    add('ECHECKPOINT', `more than ${MAX_SIGNATURES} signature lines`);
    return out;
  }
  let decided = false;
  for (const l of sigLines) {
    const m = /^\u2014 (\S+) (\S+)$/u.exec(l);
    const raw = m ? b64(m[2]) : null;
    if (!m || !raw || raw.length < 5 || !validName(m[1]!)) {
      add('ECHECKPOINT', `malformed signature line ${JSON.stringify(l)} (expected "— <name> <base64 signature>")`);
      return out;
    }
    if (decided || !raw.subarray(0, 4).equals(keyHash(m[1]!, key))) continue; // another key's line
    decided = true;
    if (raw.length === 68 && verify(null, Buffer.from(body, 'utf8'), key, raw.subarray(4))) out.signer = m[1]!;
    else add('ECHECKPOINTSIG', `the signature by ${m[1]} does not verify: the checkpoint was changed after it was signed, or forged`);
  }
  if (!decided) add('ECHECKPOINTSIG', 'no signature line is by the named key (its key hash, over the signer name, matches no line)');
  const lines = body.slice(0, -1).split('\n');
  const [origin, size, root] = lines;
  const rootBytes = root === undefined ? null : b64(root);
  if (!origin || !validName(origin) || size === undefined || !/^(0|[1-9][0-9]{0,15})$/.test(size) || !rootBytes || rootBytes.length !== 32) {
    add('ECHECKPOINT', 'the text is not a checkpoint: origin line, tree size (decimal), root hash (base64 of 32 bytes)');
    return out;
  }
  out.checkpoint = { origin, size: Number(size), root: `sha256:${rootBytes.toString('hex')}` };
  out.ok = out.findings.length === 0;
  return out;
}

/** The checkpoint's tree against a tree the caller computed: same size and root, else ECHECKPOINTROOT. */
export function matchesTree(c: Checkpoint, tree: { size: number; root: Digest }): boolean {
  return c.size === tree.size && c.root === tree.root;
}

/** The two trees a checkpoint can be of: the archive's objects (a release's Merkle root) and its plan log. */
export interface Trees {
  objects: { size: number; root: Digest };
  plans: readonly Digest[]; // plan record digests in log order
}

export function treesOf(archive: Archive): Trees {
  const objects = sortDigests(archive.store.leaves());
  return { objects: { size: objects.length, root: merkleRoot(objects) }, plans: readPlanLog(archive).records.map((r) => r.digest) };
}

/**
 * Which tree the checkpoint is of: the archive's objects (size and root equal), or the plan log,
 * whose first `size` records must give the root (a later log extends an earlier checkpoint;
 * fewer records than the checkpoint counts means plans registered before it are missing).
 */
export function checkTrees(file: string, c: Checkpoint, t: Trees): { matched: 'objects' | 'plan log' | null; findings: Finding[] } {
  if (matchesTree(c, t.objects)) return { matched: 'objects', findings: [] };
  if (c.size <= t.plans.length && logRoot(t.plans.slice(0, c.size)) === c.root) return { matched: 'plan log', findings: [] };
  const plans =
    c.size > t.plans.length
      ? `its plan log has ${t.plans.length} record${t.plans.length === 1 ? '' : 's'}, fewer than the ${c.size} the checkpoint counts (plans registered before it are missing)`
      : `the first ${c.size} records of its plan log give ${logRoot(t.plans.slice(0, c.size))}`;
  return {
    matched: null,
    findings: [
      finding('ECHECKPOINTROOT', `checkpoint ${c.origin} is tree size ${c.size}, root ${c.root}; the archive's objects are ${t.objects.size} with root ${t.objects.root}, and ${plans}`, {
        path: file,
        digest: null,
        origin: c.origin,
        size: c.size,
        root: c.root,
      }),
    ],
  };
}

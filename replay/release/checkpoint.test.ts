import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256, type Digest } from '../format/digest.ts';
import { checkTrees, openCheckpoint, signCheckpoint, signNote, verifierKey } from './checkpoint.ts';
import { logRoot, proveInLog } from './merkle.ts';
import { checkProof } from './proof.ts';

// The example of golang.org/x/mod/sumdb/note's documentation: its signer key, verifier key and signed note.
const GO_SKEY_SEED = Buffer.from('AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz', 'base64').subarray(1);
const goKey = createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), GO_SKEY_SEED]), format: 'der', type: 'pkcs8' });
const GO_TEXT = "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const GO_NOTE = `${GO_TEXT}\n— PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`;

const leaves = Array.from({ length: 5 }, (_, i) => sha256(`plan record ${i}`)) as Digest[];
const key = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');
const note = (size = 5, root = logRoot(leaves.slice(0, size))) => Buffer.from(signCheckpoint({ origin: 'example.org/evals/plans', size, root }, 'example.org/evals/plans', key.privateKey));

describe('signed notes and checkpoints (design.md §22)', () => {
  it("signs exactly as Go's sumdb/note does: the documented example's bytes and verifier key", () => {
    expect(signNote(GO_TEXT, 'PeterNeumann', goKey)).toBe(GO_NOTE);
    expect(verifierKey('PeterNeumann', goKey)).toBe('PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW');
  });

  it('a checkpoint is origin, size and base64 root, then a blank line and the signature line; it opens with its key', () => {
    const text = note().toString();
    expect(text.split('\n').slice(0, 4)).toEqual(['example.org/evals/plans', '5', Buffer.from(logRoot(leaves).slice(7), 'hex').toString('base64'), '']);
    expect(text).toMatch(/\n\n— example\.org\/evals\/plans [A-Za-z0-9+/]{91}=\n$/);
    const o = openCheckpoint('cp', note(), key.publicKey);
    expect(o).toMatchObject({ ok: true, signer: 'example.org/evals/plans', checkpoint: { origin: 'example.org/evals/plans', size: 5, root: logRoot(leaves) } });
  });

  it('refuses a forged checkpoint: a changed size or root, another key, a malformed note', () => {
    const forged = Buffer.from(note().toString().replace('\n5\n', '\n4\n'));
    expect(openCheckpoint('cp', forged, key.publicKey).findings.map((f) => f.code)).toEqual(['ECHECKPOINTSIG']);
    expect(openCheckpoint('cp', note(), other.publicKey)).toMatchObject({ ok: false, findings: [{ code: 'ECHECKPOINTSIG' }] });
    expect(openCheckpoint('cp', Buffer.from('example.org/x\n5\n'), key.publicKey).findings[0]!.code).toBe('ECHECKPOINT');
    expect(openCheckpoint('cp', Buffer.from(note().toString().replace('— ', '-- ')), key.publicKey).findings[0]!.code).toBe('ECHECKPOINT');
  });

  it('a log checkpoint is extended by a longer log, and a log shorter than it is named', () => {
    const c = openCheckpoint('cp', note(3), key.publicKey).checkpoint!;
    const objects = { size: 0, root: sha256('') as Digest };
    expect(checkTrees('cp', c, { objects, plans: leaves }).matched).toBe('plan log');
    const short = checkTrees('cp', c, { objects, plans: leaves.slice(0, 2) });
    expect(short.matched).toBeNull();
    expect(short.findings[0]).toMatchObject({ code: 'ECHECKPOINTROOT', message: expect.stringContaining('fewer than the 3 the checkpoint counts') });
    expect(checkTrees('cp', c, { objects, plans: [leaves[1]!, leaves[0]!, leaves[2]!] }).matched).toBeNull(); // reordered: another root
  });

  it('an inclusion proof verifies offline against a signed checkpoint, and not against a forged one', () => {
    const proof = Buffer.from(JSON.stringify(proveInLog(leaves, leaves[3]!)));
    const good = openCheckpoint('cp', note(), key.publicKey).checkpoint!;
    expect(checkProof('p.json', proof, { checkpoint: good }).ok).toBe(true);
    // A checkpoint of another tree (a root the proof does not lead to), even correctly signed:
    const elsewhere = openCheckpoint('cp', note(5, sha256('another log') as Digest), key.publicKey).checkpoint!;
    expect(checkProof('p.json', proof, { checkpoint: elsewhere }).findings.map((f) => f.code)).toEqual(['ECHECKPOINTROOT']);
    // The proof for an earlier, smaller log does not fit a checkpoint of the longer one.
    const earlier = Buffer.from(JSON.stringify(proveInLog(leaves.slice(0, 4), leaves[3]!)));
    expect(checkProof('p.json', earlier, { checkpoint: good }).findings.map((f) => f.code)).toEqual(['ECHECKPOINTROOT']);
  });
});

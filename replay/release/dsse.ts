import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { sha256, type Digest } from '../format/digest.ts';
import { usageError, type Code } from '../errors.ts';
import { JsonError, parseStrict } from '../format/json.ts';

/**
 * DSSE v1 envelopes with Ed25519 (node:crypto). The signed bytes are PAE(payloadType, payload):
 *   "DSSEv1" SP LEN(type) SP type SP LEN(body) SP body     (LEN = ASCII decimal byte count)
 * Trust comes only from the public key the user names: `keyid` is a label, never used to pick a key.
 */
export const PAYLOAD_TYPE = 'application/vnd.docket.release-manifest+json';

export interface Envelope {
  payloadType: string;
  payload: string; // base64 of the signed bytes
  signatures: { keyid: string; sig: string }[];
}

export function pae(payloadType: string, body: Uint8Array): Buffer {
  const type = Buffer.from(payloadType, 'utf8');
  return Buffer.concat([Buffer.from(`DSSEv1 ${type.length} `), type, Buffer.from(` ${body.length} `), body]);
}

/** keyid: SHA-256 of the public key's SPKI DER form (informational). */
export function keyId(key: KeyObject): Digest {
  const pub = key.type === 'private' ? createPublicKey(key) : key;
  return sha256(pub.export({ type: 'spki', format: 'der' }));
}

export function signEnvelope(payload: Uint8Array, privateKey: KeyObject, payloadType = PAYLOAD_TYPE): Envelope {
  const sig = sign(null, pae(payloadType, payload), privateKey);
  return { payloadType, payload: Buffer.from(payload).toString('base64'), signatures: [{ keyid: keyId(privateKey), sig: sig.toString('base64') }] };
}

/** The keyid of the first signature `publicKey` verifies over PAE(payloadType, payload), or null (forged, or another key). */
export function verifiedBy(payloadType: string, payload: Uint8Array, signatures: unknown, publicKey: KeyObject): string | null {
  if (!Array.isArray(signatures)) return null;
  const message = pae(payloadType, payload);
  for (const s of signatures) {
    const sig = s && typeof s === 'object' ? b64((s as { sig?: unknown }).sig) : null;
    if (sig && sig.length === 64 && verify(null, message, publicKey, sig)) return String((s as { keyid?: unknown }).keyid ?? '');
  }
  return null;
}

export type EnvelopeCheck = { ok: true; keyid: string } | { ok: false; code: Code; message: string };

const B64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Strict base64: canonical padding, round-trips exactly (no whitespace, no junk bits). */
export function b64(s: unknown): Buffer | null {
  if (typeof s !== 'string' || !B64.test(s)) return null;
  const b = Buffer.from(s, 'base64');
  return b.toString('base64') === s ? b : null;
}

/**
 * Fail closed: the envelope must parse strictly, carry our payload type, wrap exactly `manifest`
 * (byte for byte, so a valid signature over another manifest does not count), and hold at least one
 * signature that `publicKey` verifies.
 */
export function checkEnvelope(envelopeBytes: Uint8Array, manifest: Uint8Array, publicKey: KeyObject): EnvelopeCheck {
  let env: unknown;
  try {
    env = parseStrict(envelopeBytes);
  } catch (e) {
    return { ok: false, code: 'ESIGFORMAT', message: `MANIFEST.sig.json: ${e instanceof JsonError ? e.message : String(e)}` };
  }
  const o = env as Partial<Envelope> & Record<string, unknown>;
  if (!o || typeof o !== 'object' || Array.isArray(o) || Object.keys(o).sort().join() !== 'payload,payloadType,signatures' || !Array.isArray(o.signatures)) {
    return { ok: false, code: 'ESIGFORMAT', message: 'MANIFEST.sig.json is not a DSSE envelope {payloadType, payload, signatures}' };
  }
  if (o.payloadType !== PAYLOAD_TYPE) return { ok: false, code: 'ESIGTYPE', message: `payloadType is ${JSON.stringify(o.payloadType)}, expected ${PAYLOAD_TYPE}` };
  const payload = b64(o.payload);
  if (!payload) return { ok: false, code: 'ESIGFORMAT', message: 'payload is not canonical base64' };
  if (!payload.equals(Buffer.from(manifest))) {
    return { ok: false, code: 'ESIGPAYLOAD', message: `the signature covers a manifest with digest ${sha256(payload)}, not this MANIFEST.json (${sha256(manifest)})` };
  }
  const keyid = verifiedBy(PAYLOAD_TYPE, payload, o.signatures, publicKey);
  if (keyid !== null) return { ok: true, keyid };
  return { ok: false, code: 'ESIGNATURE', message: `no signature verifies with the named key (${keyId(publicKey)}): forged, or made by another key` };
}

export function generateKeys(): { privatePem: string; publicPem: string; keyid: Digest } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }) as string,
    keyid: keyId(publicKey),
  };
}

export function loadPrivateKey(pem: string | Buffer, where: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch (e) {
    throw usageError('EKEY', `${where}: not a PEM private key (${(e as Error).message})`, { path: where });
  }
  if (key.asymmetricKeyType !== 'ed25519') throw usageError('EKEY', `${where}: a ${key.asymmetricKeyType} key; releases are signed with Ed25519`, { path: where });
  return key;
}

export function loadPublicKey(pem: string | Buffer, where: string): KeyObject {
  if (String(pem).includes('PRIVATE KEY')) throw usageError('EKEY', `${where}: name the public key (.pub), not the private key`, { path: where });
  let key: KeyObject;
  try {
    key = createPublicKey(pem);
  } catch (e) {
    throw usageError('EKEY', `${where}: not a PEM public key (${(e as Error).message})`, { path: where });
  }
  if (key.asymmetricKeyType !== 'ed25519') throw usageError('EKEY', `${where}: a ${key.asymmetricKeyType} key; releases are signed with Ed25519`, { path: where });
  return key;
}

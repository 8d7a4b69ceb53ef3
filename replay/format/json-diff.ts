import { fastCanonicalText } from '../accel/jcs-fast.ts';
import type { Json } from './json.ts';

/** One difference between two JSON values (replay's request diff, run --plan's plan diff, verify --attestation's claim diff). */
export interface FieldDiff {
  path: string; // JSON pointer into the value
  rebuilt?: Json; // absent: the rebuilt (recomputed) value has no such field
  stored?: Json; // absent: the stored (recorded, registered, claimed) value has no such field
}

const pointerPart = (k: string | number) => String(k).replace(/~/g, '~0').replace(/\//g, '~1');
const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every leaf where the two values differ, as JSON pointers with both sides (a side is absent where the field is missing). */
export function diffJson(rebuilt: Json | undefined, stored: Json | undefined, path = '', out: FieldDiff[] = []): FieldDiff[] {
  if (rebuilt === undefined && stored === undefined) return out;
  if (isObject(rebuilt) && isObject(stored)) {
    const keys = [...new Set([...Object.keys(rebuilt), ...Object.keys(stored)])].sort();
    for (const k of keys) diffJson(rebuilt[k], stored[k], `${path}/${pointerPart(k)}`, out);
    return out;
  }
  if (Array.isArray(rebuilt) && Array.isArray(stored)) {
    for (let i = 0; i < Math.max(rebuilt.length, stored.length); i++) diffJson(rebuilt[i], stored[i], `${path}/${i}`, out);
    return out;
  }
  if (rebuilt !== undefined && stored !== undefined && fastCanonicalText(rebuilt) === fastCanonicalText(stored)) return out;
  const d: FieldDiff = { path: path || '/' };
  if (rebuilt !== undefined) d.rebuilt = rebuilt;
  if (stored !== undefined) d.stored = stored;
  out.push(d);
  return out;
}

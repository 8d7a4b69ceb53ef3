import { usageError } from '../errors.ts';

/**
 * A small, exact RFC 8785 serializer for the replay hot path (docs/design.md "Replay"). It gives the
 * same text as `canonicalText` (the `canonicalize` library plus the strict-value walk) for every
 * strict JSON value — a fast-check differential test holds it to that — but builds no path strings
 * while checking, which is where most of `canonicalText`'s time goes on request bodies and journal
 * lines.
 *
 * Why JSON.stringify is exact for the leaves: RFC 8785 §3.2.2.2 serializes strings with the
 * ECMAScript JSON.stringify rules (only `"`, `\` and control characters are escaped, as `\b \f \n \r
 * \t` or lowercase `\u00xx`) and §3.2.2.3 numbers with ECMAScript Number-to-String (`-0` → `0`).
 * Object members are sorted by the UTF-16 code units of their names, which is what the default
 * Array.prototype.sort comparison does.
 */
export function fastCanonicalText(value: unknown): string {
  return ser(value);
}

function ser(v: unknown): string {
  switch (typeof v) {
    case 'string':
      if (!v.isWellFormed()) throw bad('lone surrogate in string');
      return JSON.stringify(v);
    case 'number':
      if (!Number.isFinite(v)) throw bad('non-finite number');
      if (Number.isInteger(v) && !Number.isSafeInteger(v)) throw bad('integer beyond ±(2^53-1)');
      return JSON.stringify(v);
    case 'boolean':
      return v ? 'true' : 'false';
    case 'object': {
      if (v === null) return 'null';
      if (Array.isArray(v)) {
        let out = '[';
        for (let i = 0; i < v.length; i++) out += (i ? ',' : '') + ser(v[i]);
        return `${out}]`;
      }
      const proto = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null) throw bad('not a plain object');
      const o = v as Record<string, unknown>;
      const keys = Object.keys(o);
      // Parsed canonical JSON already has its keys in order (but for index-like keys, which JS
      // enumerates first): check before paying for a sort.
      for (let i = 1; i < keys.length; i++) {
        if (keys[i - 1]! > keys[i]!) {
          keys.sort();
          break;
        }
      }
      let out = '{';
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i]!;
        if (!k.isWellFormed()) throw bad('lone surrogate in key');
        out += `${i ? ',' : ''}${JSON.stringify(k)}:${ser(o[k])}`;
      }
      return `${out}}`;
    }
    default:
      throw bad(`${typeof v} is not JSON`);
  }
}

const bad = (why: string) => usageError('EJSON', `value has no RFC 8785 form: ${why}`);

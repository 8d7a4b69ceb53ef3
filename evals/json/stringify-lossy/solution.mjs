// Strict JSON serializer: converts Map/Set, rejects values JSON would silently drop or corrupt.
export function toJson(value, space) {
  return JSON.stringify(value, function replacer(key, v) {
    const where = key === '' ? '<root>' : JSON.stringify(key);
    if (v instanceof Map) {
      const out = {};
      for (const [k, item] of v) {
        if (typeof k !== 'string') throw new TypeError(`Map key at ${where} is not a string`);
        out[k] = item;
      }
      return out;
    }
    if (v instanceof Set) return [...v];
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') {
      throw new TypeError(`value at ${where} (${typeof v}) cannot be represented in JSON`);
    }
    if (typeof v === 'number' && !Number.isFinite(v)) {
      throw new TypeError(`non-finite number at ${where} would become null`);
    }
    if (typeof v === 'bigint') return v.toString();
    return v;
  }, space);
}

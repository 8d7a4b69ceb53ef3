// Parse an untrusted JSON request body: drop prototype-pollution keys, revive ISO dates,
// and merge over defaults without invoking the __proto__ setter.
const DANGEROUS = new Set(['__proto__', 'constructor', 'prototype']);
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;

export function parseRequestBody(text) {
  return JSON.parse(text, (key, value) => {
    if (DANGEROUS.has(key)) return undefined; // returning undefined deletes the property
    if (typeof value === 'string' && ISO.test(value)) {
      const d = new Date(value);
      if (!Number.isNaN(d.getTime())) return d;
    }
    return value;
  });
}

export function withDefaults(defaults, body) {
  const out = Object.create(null);
  for (const src of [defaults, body]) {
    for (const key of Object.keys(src)) {
      if (DANGEROUS.has(key)) continue;
      Object.defineProperty(out, key, { value: src[key], enumerable: true, writable: true, configurable: true });
    }
  }
  return out;
}

// Deep-copy application state for an undo stack: drop callbacks (they would throw
// DataCloneError) and re-attach prototypes of registered classes (clone loses them).
function stripFunctions(value, seen = new Map()) {
  if (typeof value === 'function') return undefined;
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return seen.get(value);
  if (value instanceof Map || value instanceof Set || value instanceof Date ||
      value instanceof RegExp || ArrayBuffer.isView(value)) return value;
  const out = Array.isArray(value) ? [] : Object.create(Object.getPrototypeOf(value));
  seen.set(value, out);
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'function') out[k] = stripFunctions(v, seen);
  }
  return out;
}

export function snapshot(state, classes = []) {
  const plain = stripFunctions(state);
  const protoNames = new Map();
  const visited = new Set();
  const walk = (orig, copy) => {
    if (orig === null || typeof orig !== 'object' || visited.has(orig)) return;
    visited.add(orig);
    const cls = classes.find((C) => Object.getPrototypeOf(orig) === C.prototype);
    if (cls) protoNames.set(copy, cls);
    for (const k of Object.keys(orig)) walk(orig[k], copy[k]);
  };
  const copy = structuredClone(plain);
  walk(plain, copy);
  for (const [obj, cls] of protoNames) Object.setPrototypeOf(obj, cls.prototype);
  return copy;
}

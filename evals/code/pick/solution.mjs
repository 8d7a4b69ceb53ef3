export function pick(object, keys) {
  const out = {};
  for (const k of keys) if (Object.hasOwn(object, k)) out[k] = object[k];
  return out;
}

export function omit(object, keys) {
  const out = { ...object };
  for (const k of keys) delete out[k];
  return out;
}

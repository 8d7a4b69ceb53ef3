export function chunk(items, size) {
  const out = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function zip(a, b) {
  return a.slice(0, Math.min(a.length, b.length)).map((x, i) => [x, b[i]]);
}

export function compareVersions(a, b) {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  }
  return 0;
}

export function maxVersion(list) {
  return list.reduce((best, v) => (compareVersions(v, best) > 0 ? v : best));
}

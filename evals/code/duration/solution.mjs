export function formatDuration(seconds) {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const parts = [];
  if (h) parts.push(`${h}h`);
  if (m) parts.push(`${m}m`);
  if (s || parts.length === 0) parts.push(`${s}s`);
  return parts.join(' ');
}

export function parseDuration(text) {
  const unit = { h: 3600, m: 60, s: 1 };
  let total = 0;
  for (const [, n, u] of text.matchAll(/(\d+)([hms])/g)) total += Number(n) * unit[u];
  return total;
}

export function clamp(x, lo, hi) {
  return Math.min(hi, Math.max(lo, x));
}

export function lerp(a, b, t) {
  return a + (b - a) * t;
}

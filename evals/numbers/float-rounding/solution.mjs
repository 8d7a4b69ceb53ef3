// Money helpers working in integer cents (BigInt for exact intermediate products).
export function toCents(text) {
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) throw new RangeError(`not a money amount: ${text}`);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

// Divide a BigInt by a positive BigInt, rounding half away from zero.
function divRoundHalfAway(n, d) {
  const sign = n < 0n ? -1n : 1n;
  const abs = n * sign;
  return sign * ((abs * 2n + d) / (2n * d));
}

// Apply a discount given in basis points (1250 = 12.50%), result in cents.
export function applyDiscount(cents, basisPoints) {
  const kept = BigInt(cents) * BigInt(10000 - basisPoints);
  return Number(divRoundHalfAway(kept, 10000n));
}

export function formatCents(cents) {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

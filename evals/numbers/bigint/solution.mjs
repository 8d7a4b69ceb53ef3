// Exact aggregation of 64-bit counters with BigInt.
export function sumCounters(values) {
  let total = 0n;
  for (const v of values) {
    // Convert numbers explicitly: `total + v` would throw TypeError for a number v.
    if (typeof v === 'number' && !Number.isSafeInteger(v)) throw new RangeError(`unsafe integer: ${v}`);
    total += BigInt(v);
  }
  return total;
}

// Floor division (rounds toward -Infinity); BigInt `/` alone truncates toward zero.
export function floorDiv(a, b) {
  const q = a / b;
  return (a % b !== 0n) && ((a < 0n) !== (b < 0n)) ? q - 1n : q;
}

export function averageFloor(values) {
  if (values.length === 0) throw new RangeError('empty input');
  return floorDiv(sumCounters(values), BigInt(values.length));
}

export function toSafeNumber(big) {
  if (big > BigInt(Number.MAX_SAFE_INTEGER) || big < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`${big} does not fit in a safe number`);
  }
  return Number(big);
}

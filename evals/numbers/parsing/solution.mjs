// Strict decimal integer parsing for CLI flags / query params.
export function parseStrictInt(value, { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = {}) {
  if (typeof value !== 'string' || !/^[+-]?\d+$/.test(value.trim())) {
    throw new RangeError(`not a decimal integer: ${JSON.stringify(value)}`);
  }
  const n = Number(value.trim()); // safe: the regex rules out '', hex, exponents, junk
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new RangeError(`integer out of range [${min}, ${max}]: ${value}`);
  }
  return n;
}

export function parsePort(value) {
  return parseStrictInt(value, { min: 1, max: 65535 });
}

export function parseIntList(csv) {
  // Wrap in an arrow: passing parseInt/parseStrictInt directly to map would pass the index too.
  return csv.split(',').map((part) => parseStrictInt(part));
}

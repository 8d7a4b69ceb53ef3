// Serialize API data: keep only allowlisted keys (at every level, array elements always kept)
// and encode Dates as epoch milliseconds. Uses `this[key]` because toJSON runs before the replacer.
export function serializeResponse(data, fields) {
  const allowed = new Set(fields);
  return JSON.stringify(data, function replacer(key, value) {
    const raw = this[key]; // the pre-toJSON value
    if (raw instanceof Date) return raw.getTime();
    const holderIsArray = Array.isArray(this);
    if (key !== '' && !holderIsArray && !allowed.has(key)) return undefined;
    return value;
  });
}

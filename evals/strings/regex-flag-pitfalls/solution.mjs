// Reference solution: stateless validators with code-point aware matching.

/**
 * Build a validator from a RegExp or source string. Global/sticky flags are
 * removed so results never depend on a previous call's lastIndex, and the
 * `u` flag is added so `.` and quantifiers operate on code points.
 */
export function makeValidator(pattern) {
  const source = pattern instanceof RegExp ? pattern.source : String(pattern);
  const oldFlags = pattern instanceof RegExp ? pattern.flags : '';
  let flags = oldFlags.replace(/[gy]/g, '');
  if (!flags.includes('u') && !flags.includes('v')) flags += 'u';
  const re = new RegExp(`^(?:${source})$`, flags);
  return (value) => re.test(String(value));
}

/** True when `value` is exactly one code point (e.g. one emoji without modifiers). */
export const isSingleSymbol = makeValidator('.');

/** Filter values that match `pattern`. */
export function filterValid(values, pattern) {
  const isValid = makeValidator(pattern);
  return values.filter(isValid);
}

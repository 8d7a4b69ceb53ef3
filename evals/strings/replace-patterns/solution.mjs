// Reference solution: literal placeholder substitution.

/**
 * Replace every `{key}` in `template` with String(values[key]).
 * Unknown keys are left untouched. Values are inserted literally: a replacer
 * function is used so `$&`, `$$`, `$1`, ... in values are not interpreted.
 */
export function fillTemplate(template, values) {
  return template.replace(/\{(\w+)\}/g, (match, key) =>
    Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : match,
  );
}

/** Escape a string so it can be safely used as a *string* replacement. */
export function escapeReplacement(text) {
  return String(text).replaceAll('$', '$$$$');
}

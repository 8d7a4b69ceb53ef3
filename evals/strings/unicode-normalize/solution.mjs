// Reference solution: canonical usernames via NFKC + case folding.

/** Return the canonical form used as the unique key for a username. */
export function canonicalUsername(name) {
  if (typeof name !== 'string') throw new TypeError('name must be a string');
  // NFKC folds compatibility characters (ligatures, full-width forms) and
  // composes combining sequences; toLowerCase is locale-independent.
  // Normalize again after lowercasing because case mapping can denormalize.
  return name.normalize('NFKC').toLowerCase().normalize('NFKC').trim();
}

/** True when two usernames refer to the same account. */
export function sameUser(a, b) {
  return canonicalUsername(a) === canonicalUsername(b);
}

// Reference solution: grapheme-aware truncation.
const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Split a string into user-perceived characters (grapheme clusters). */
export function graphemes(text) {
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/**
 * Truncate `text` to at most `max` grapheme clusters, appending '…' when
 * anything was removed (the ellipsis counts toward `max`).
 */
export function truncate(text, max) {
  if (!Number.isInteger(max) || max < 1) throw new RangeError('max must be a positive integer');
  const parts = graphemes(text);
  if (parts.length <= max) return text;
  return parts.slice(0, max - 1).join('') + '…';
}

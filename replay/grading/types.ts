// The types the built-in grader modules (graders/*.ts) import as '../types.ts'. Those files are
// frozen: their text, import lines included, is hashed into each grader's digest (graders.ts), so
// the path they name stays, and resolves here.
export type { Letter, Permutation } from '../bank/types.ts';

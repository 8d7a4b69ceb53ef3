/** The largest manifest pushed, in bytes, by default (a light module: `docket push --help` shows it). */
export const DEFAULT_MANIFEST_LIMIT = 4 * 1024 * 1024;

/** The largest manifest pushed, in bytes, by default (a light module: `docket push --help` shows it). */
export const DEFAULT_MANIFEST_LIMIT = 4 * 1024 * 1024;
/** The size push fills each pack to, in bytes, by default (a bigger bundle is a pack of its own). */
export const DEFAULT_PACK_SIZE = 16 * 1024 * 1024;

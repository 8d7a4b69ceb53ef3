/** Requests in flight at once: the default, and the upper bound (a guard against a typo like 1000, not a provider limit). A light module: `docket run --help` shows them. */
export const DEFAULT_CONCURRENCY = 4;
export const MAX_CONCURRENCY = 64;

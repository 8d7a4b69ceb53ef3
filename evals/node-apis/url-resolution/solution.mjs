/**
 * Join an API base URL (which may carry a path prefix such as /v1, with or
 * without a trailing slash) and an endpoint, then append query parameters.
 * Array values become repeated keys; null/undefined values are skipped.
 */
export function buildApiUrl(base, endpoint, params = {}) {
  const baseUrl = new URL(base);
  if (!baseUrl.pathname.endsWith('/')) baseUrl.pathname += '/';
  // A leading slash would make the endpoint absolute and drop the prefix.
  const url = new URL(endpoint.replace(/^\/+/, ''), baseUrl);
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      url.searchParams.append(key, String(v));
    }
  }
  return url.href;
}

/** Read query parameters back, decoding '+' as space like a server does. */
export function readQuery(href) {
  const out = {};
  for (const [k, v] of new URL(href).searchParams) (out[k] ??= []).push(v);
  return out;
}

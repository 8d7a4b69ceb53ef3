// Reference solution: fail-fast and partial loading of independent parts.

/** Start all loaders concurrently; reject with the first error to occur. */
export async function loadDashboard(loaders) {
  const names = Object.keys(loaders);
  const values = await Promise.all(names.map((n) => loaders[n]()));
  return Object.fromEntries(names.map((n, i) => [n, values[i]]));
}

/** Start all loaders concurrently; report every success and failure. */
export async function loadDashboardPartial(loaders) {
  const names = Object.keys(loaders);
  // Wrap in an async arrow so a synchronous throw becomes a rejection too.
  const settled = await Promise.allSettled(names.map((n) => (async () => loaders[n]())()));
  const ok = {};
  const failed = {};
  settled.forEach((s, i) => {
    if (s.status === 'fulfilled') ok[names[i]] = s.value;
    else failed[names[i]] = s.reason;
  });
  return { ok, failed };
}

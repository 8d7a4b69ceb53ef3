/** Run `fn` over `items`, at most `limit` at a time; the first failure stops new starts and is thrown. */
export async function eachLimit<T>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failed: unknown = null;
  const worker = async () => {
    while (failed === null && next < items.length) {
      const i = next++;
      try {
        await fn(items[i]!, i);
      } catch (e) {
        if (failed === null) failed = e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failed !== null) throw failed;
}

/**
 * eachLimit with a second bound: the items in flight weigh at most `budget` together (one item
 * heavier than that runs alone). A pull holds per-bundle state for every pack it streams, so this
 * keeps its memory the same whatever the number of packs.
 */
export async function eachBudget<T>(items: readonly T[], limit: number, budget: number, weight: (item: T) => number, fn: (item: T, i: number) => Promise<void>): Promise<void> {
  let load = 0;
  let waiting: (() => void)[] = [];
  const wake = () => {
    const w = waiting;
    waiting = [];
    for (const f of w) f();
  };
  await eachLimit(items, limit, async (item, i) => {
    const w = weight(item);
    while (load > 0 && load + w > budget) await new Promise<void>((resolve) => waiting.push(resolve));
    load += w;
    try {
      await fn(item, i);
    } finally {
      load -= w;
      wake();
    }
  });
}

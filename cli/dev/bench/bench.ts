import { benchArchive } from './archive.ts';

/**
 * `npm run bench`: every performance target of docket, measured against references taken in the
 * same run on the same machine, printed as ratios. Never a timed test.
 */
const sections: [string, () => Promise<void>][] = [['archive', benchArchive]];
for (const extra of ['./release.ts', './replay.ts', './journal.ts', './remote.ts', './record.ts', './index.ts', './startup.ts', './secrets.ts']) {
  try {
    const m = (await import(extra)) as Record<string, () => Promise<void>>;
    for (const [name, fn] of Object.entries(m)) if (name.startsWith('bench') && typeof fn === 'function') sections.push([name, fn]);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw e;
  }
}
const only = process.argv[2];
for (const [name, fn] of sections) if (!only || name.toLowerCase().includes(only.toLowerCase())) await fn();

import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dropVerifyWorker, prestartVerifyWorker, takeVerifyWorker } from './verify-prestart.ts';
import { verifyArchive } from './verify.ts';
import { REPO } from '../../cli/dev/testkit/core.ts';

const KEY = Symbol.for('docket.verifyWorker');
const pending = () => (globalThis as Record<symbol, { quick: boolean } | undefined>)[KEY];

describe.skipIf(availableParallelism() < 2)('prestartVerifyWorker', () => {
  afterEach(() => dropVerifyWorker());

  it.each([
    [['verify'], false],
    [['verify', '--quick'], true],
    [['--archive', 'verify', 'verify', '--quick'], true], // --archive takes a value, even one named "verify"
    [['verify', 'some/dir', '--json'], false],
  ])('starts a worker for %j (quick: %s)', (argv, quick) => {
    prestartVerifyWorker(argv);
    expect(pending()?.quick).toBe(quick);
  });

  it.each([[['verify', 'r.tgz']], [['verify', 'x.tar.gz', '--expect', 'sha256:0']], [['verify', '--proof', 'p.json']], [['verify', '--help']], [['replay']], [['--archive', 'verify']], [[]]])(
    'starts none for %j',
    (argv) => {
      prestartVerifyWorker(argv);
      expect(pending()).toBeUndefined();
    },
  );

  it('hands the worker over only for its own mode, once', () => {
    prestartVerifyWorker(['verify', '--quick']);
    expect(takeVerifyWorker(false)).toBeNull(); // the wrong mode: ended, not kept
    expect(pending()).toBeUndefined();
    prestartVerifyWorker(['verify', '--quick']);
    const w = takeVerifyWorker(true);
    expect(w).not.toBeNull();
    expect(takeVerifyWorker(true)).toBeNull();
    void w!.terminate();
  });

  it('a prestarted worker does the same work verify would start one for', async () => {
    const shipped = join(REPO, 'evidence');
    const plain = await verifyArchive(shipped, { quick: true, quickThreadsFrom: 1 });
    prestartVerifyWorker(['verify', '--quick']);
    const r = await verifyArchive(shipped, { quick: true, quickThreadsFrom: 1 });
    expect(pending()).toBeUndefined(); // taken (or ended): never left behind
    expect(r.ok).toBe(true);
    expect(r.objects).toBe(plain.objects);
    expect(r.findings).toEqual(plain.findings);
  });
});

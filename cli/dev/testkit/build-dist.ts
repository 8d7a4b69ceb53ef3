// vitest's global setup: build dist/ from the current sources before any test runs. Tests run the
// compiled CLI (testkit/core.ts DOCKET) and the compiled worker threads (replay/package-files.ts
// compiledModule), so a dist/ older than the sources must never be what they test.
import { buildDist } from '../build.mjs';

export default function setup(): void {
  buildDist();
}

#!/usr/bin/env node
// Run a TypeScript file with tsx's loader: `node cli/dev/run-ts.mjs FILE.ts [args]`.
import { register } from 'tsx/esm/api';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

register();
const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: node cli/dev/run-ts.mjs FILE.ts [args]');
  process.exit(2);
}
process.argv = [...process.argv.slice(0, 1), resolve(file), ...rest];
await import(pathToFileURL(resolve(file)).href);

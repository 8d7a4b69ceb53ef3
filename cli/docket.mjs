#!/usr/bin/env node
// The `docket` executable: TypeScript sources run through tsx's loader (no build step to forget).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));

import { startRegistry } from './testkit/registry.ts';
import { mkdtempSync } from 'node:fs';
const reg = await startRegistry(mkdtempSync('/tmp/reg-'));
console.log(reg.host);
process.on('SIGTERM', async()=>{await reg.stop(); process.exit(0)});
setInterval(()=>{}, 1000);

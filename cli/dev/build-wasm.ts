// Builds replay/accel/wasm/strict.wasm from replay/accel/wasm/strict.c with the Debian toolchain (clang and
// lld 14: `apt-get install clang lld`), after rendering replay/accel/wasm/strict-layout.h from
// replay/accel/strict-layout.ts (the offsets and codes the C and the TypeScript share). Both are
// committed: docket runs the module and never needs a compiler. Tests require the committed header
// to be the rendering, and (wherever clang is installed; CI installs it) the committed module to be
// a fresh build's bytes, so the committed module is exactly what the sources say.
//
// `node cli/dev/run-ts.mjs cli/dev/build-wasm.ts [--out FILE]`
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { layoutHeader } from '../../replay/accel/strict-layout.ts';

export const WASM_SOURCE = fileURLToPath(new URL('../../replay/accel/wasm/strict.c', import.meta.url));
export const WASM_HEADER = fileURLToPath(new URL('../../replay/accel/wasm/strict-layout.h', import.meta.url));
export const WASM_FILE = fileURLToPath(new URL('../../replay/accel/wasm/strict.wasm', import.meta.url));
// Every option explicit; no debug info, so no path of this machine ends up in the module.
export const CLANG_ARGS: string[] = [
  '--target=wasm32',
  '-O3',
  '-msimd128',
  '-nostdlib',
  '-ffreestanding',
  '-g0',
  '-Wall',
  '-Wextra',
  '-Werror',
  '-Wl,--no-entry',
  '-Wl,--strip-all',
  '-Wl,--stack-first',
  '-Wl,-z,stack-size=65536',
];

/** Compile the committed sources (the header as committed: tests compare it with the rendering). */
export function buildWasm(out: string = WASM_FILE, clang: string = process.env.CLANG ?? 'clang'): string {
  execFileSync(clang, [...CLANG_ARGS, '-o', out, WASM_SOURCE], { stdio: ['ignore', 'inherit', 'inherit'] });
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(WASM_HEADER, layoutHeader());
  const at = process.argv.indexOf('--out');
  console.log(buildWasm(at > 0 ? process.argv[at + 1] : WASM_FILE));
}

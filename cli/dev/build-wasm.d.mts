export const WASM_SOURCE: string;
export const WASM_HEADER: string;
export const WASM_FILE: string;
export const CLANG_ARGS: string[];
export function buildWasm(out?: string, clang?: string): string;

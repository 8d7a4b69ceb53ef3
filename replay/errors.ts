/**
 * Coded errors (isomorphic-git style): a stable `code` (declared in codes.ts), structured `data`,
 * and an exit status. Every error class docket throws derives from DocketError.
 * Exit statuses are part of the CLI contract: 0 ok, 1 findings / verification failed, 2 usage or
 * unreadable input.
 */
import type { Code } from './codes.ts';

export type { Code } from './codes.ts';

export const EXIT = { OK: 0, FINDINGS: 1, USAGE: 2 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export class DocketError extends Error {
  readonly code: Code;
  readonly data: Record<string, unknown>;
  readonly exitCode: ExitCode;
  constructor(code: Code, message: string, data: Record<string, unknown> = {}, exitCode: ExitCode = EXIT.USAGE) {
    super(message);
    this.name = 'DocketError';
    this.code = code;
    this.data = data;
    this.exitCode = exitCode;
  }
}

/** Input the user gave us cannot be read or parsed (exit 2). */
export const usageError = (code: Code, message: string, data: Record<string, unknown> = {}) => new DocketError(code, message, data, EXIT.USAGE);

/** Something was checked and found wrong (exit 1). */
export const findingError = (code: Code, message: string, data: Record<string, unknown> = {}) => new DocketError(code, message, data, EXIT.FINDINGS);

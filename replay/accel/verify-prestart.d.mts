import type { Worker } from 'node:worker_threads';
export function startVerifyWorker(quick: boolean): Worker;
export function prestartVerifyWorker(argv: string[]): void;
export function takeVerifyWorker(quick: boolean): Worker | null;
export function dropVerifyWorker(): void;

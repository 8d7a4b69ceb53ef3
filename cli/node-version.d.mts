export function satisfies(version: string, range: string): boolean;
export function engineRange(): string;
export function nodeVersionProblem(version?: string, range?: string): string | null;

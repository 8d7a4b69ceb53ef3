/**
 * The one order of names and paths docket writes and checks (manifests, snapshots, listings, run
 * ids): by their UTF-8 bytes, which is the same on every machine and in every locale.
 */
export const byUtf8 = (a: string, b: string): number => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

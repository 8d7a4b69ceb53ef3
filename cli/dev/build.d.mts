export interface BundleStamp {
  format: number;
  esbuild: string;
  entries: Record<string, string>;
  inputs: string[];
  digest: string;
}
export declare function buildBundle(out?: string): Promise<BundleStamp>;

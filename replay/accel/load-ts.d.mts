export declare const ROOT: URL;
export declare const DEFAULT_BUNDLE_DIR: URL;
export declare const STAMP_NAME: string;
export declare const STAMP_FORMAT: number;
export declare const ROOT_SYMBOL: string;
export declare const BUNDLE_ENTRIES: Record<string, string>;
export declare function inputsDigest(root: URL, inputs: string[]): string;
export declare function freshBundle(source: URL, dir?: URL, root?: URL): { url: URL | null; why: string | null };
export declare function importTs(source: URL): Promise<any>;

export declare const API_SOURCES: string[];
export declare const API_DIST: string;
export declare const API_ENTRIES: Record<
  'main' | 'create-staff' | 'create-seller' | 'db-backup' | 'db-restore',
  string
>;
export declare function apiBuildIsCurrent(root?: string): boolean;
export declare function pointRuntimeFiles(source: string, file: string, outdir: string): string;
export declare function buildApi(root?: string): Promise<number>;
export declare function buildApiIfNeeded(options?: { force?: boolean }): Promise<void>;

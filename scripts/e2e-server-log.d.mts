export interface E2eSite {
  name: 'main' | 'beside';
  port: number;
  dataDir: string;
  log: string;
}
export declare const E2E_SITES: Record<'main' | 'beside', { port: number; dataDir: string }>;
export declare function e2eSite(env?: Record<string, string | undefined>): E2eSite;
export declare const E2E_DATA_DIR: string;
export declare const E2E_SERVER_LOG: string;
export declare function serverLogNotice(log?: string): string;
export declare const BESIDE_PROJECTS: { close: RegExp; flags: RegExp; journey: RegExp; staff: RegExp };
export declare const BESIDE_SPECS: RegExp[];

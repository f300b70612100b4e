export interface SiteSettings {
  port: number;
  apiPort: number;
  host: string;
  apiUrl: string;
  webProbeUrl: string;
  publicUrl: string;
  nodeEnv: string;
}
export declare function siteSettings(env: Record<string, string | undefined>): SiteSettings;
export declare function webServerArgs(settings: Pick<SiteSettings, 'port' | 'host'>): string[];

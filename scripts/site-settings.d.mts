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
export declare function webServerEnv(settings: Pick<SiteSettings, 'port' | 'host'>): { PORT: string; HOST: string };

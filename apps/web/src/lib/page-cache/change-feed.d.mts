export const FEED_SILENCE_MS: number;
export function tagsOfChanges(data: string): string[];
export function followPageChanges(
  cache: { live: boolean; clear(): void; invalidate(tags: readonly string[]): void },
  apiBase: string,
  options?: { log?: (message: string) => void; silenceMs?: number },
): { stop(): Promise<void> };

import type { IncomingMessage, ServerResponse } from 'node:http';

export const PAGE_TAGS_HEADER: 'x-lotline-page-tags';
export const PAGE_CACHE_HEADER: 'x-page-cache';
export const PAGE_TTL_MS: { lot: number; event: number; browse: number; seller: number };
export const STALE_SERVE_MS: number;
export function pageCacheBytes(value: string | undefined): number | Error;
export function pageOf(
  pathname: string,
): { kind: 'lot' | 'event' | 'browse' | 'seller'; tags: string[]; lotId?: string } | null;
export function parseCookies(header: string | undefined): Map<string, string>;
export function cacheableRequest(request: IncomingMessage, url: URL, page: { kind: string }): boolean;

type Render = (request: IncomingMessage, response: ServerResponse) => Promise<unknown>;

export class PageCache {
  constructor(options: { maxBytes: number; now?: () => number; log?: (message: string) => void });
  maxBytes: number;
  live: boolean;
  bytes: number;
  readonly enabled: boolean;
  entries: Map<string, { staleAt: number | null; expiresAt: number; tags: string[] }>;
  tagged: Map<string, Set<string>>;
  /** The render under way for a key, settled once its page is kept (or not). */
  inflight: Map<string, Promise<void>>;
  counts: { hit: number; stale: number; miss: number; bypass: number; stored: number };
  handle(request: IncomingMessage, response: ServerResponse, render: Render): Promise<void>;
  invalidate(tags: readonly string[]): void;
  clear(): void;
}

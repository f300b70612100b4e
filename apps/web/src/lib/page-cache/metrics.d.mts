import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Registry } from 'prom-client';

export function metricsToken(value: string | undefined): string | null;
export function pageCacheRegistry(cache: {
  counts: Record<'hit' | 'stale' | 'miss' | 'bypass', number>;
  bytes: number;
  entries: Map<unknown, unknown>;
  live: boolean;
}): Registry;
export function serveMetrics(
  request: IncomingMessage,
  response: ServerResponse,
  options: { registry: Registry; token: string | null },
): boolean;

/** Types of counting-unzip.mjs (plain JavaScript, run in the import worker: decision 0065). */
export class ZipRefusal extends Error {
  readonly reason: 'entries' | 'size' | 'lie' | 'unreadable';
}

export function unzipCounting(
  bytes: Uint8Array,
  limits: { maxTotalBytes: number; maxEntries?: number; keep?: (path: string) => boolean },
): [string, Uint8Array][];

import type { ReadStream } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../lib/errors';

/** Types we serve; anything else goes out as a download-only octet stream. */
const CONTENT_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.heic': 'image/heic',
  '.bmp': 'image/bmp',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.pdf': 'application/pdf',
  '.csv': 'text/csv; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export interface StoredFile {
  stream: ReadStream;
  size: number;
  mtime: Date;
  contentType: string;
}

const notFound = () => AppError.notFound('No such file');

/**
 * Opens `relative` under `root` for reading, refusing anything that could
 * reach outside it: `..` or `.` segments, backslashes, NUL bytes, dot-files,
 * and symlinks whose target lies outside the root. Directories are "not found"
 * (no listing). Every refusal looks the same as a missing file, so probing
 * tells an attacker nothing.
 */
export async function openStoredFile(root: string, relative: string): Promise<StoredFile> {
  const segments = relative.split('/');
  const unsafe = segments.some((s) => s === '' || s.startsWith('.') || s.includes('\\') || s.includes('\0'));
  if (unsafe || relative.length > 500) throw notFound();

  const rootReal = await realpath(root).catch(() => undefined);
  if (!rootReal) throw notFound();
  const real = await realpath(path.join(rootReal, ...segments)).catch(() => undefined);
  if (!real?.startsWith(rootReal + path.sep)) throw notFound();

  // Stat the opened handle, not the path, so the file checked is the file sent.
  const handle = await open(real, 'r').catch(() => undefined);
  if (!handle) throw notFound();
  const stat = await handle.stat();
  if (!stat.isFile()) {
    await handle.close();
    throw notFound();
  }
  return {
    stream: handle.createReadStream(),
    size: stat.size,
    mtime: stat.mtime,
    contentType: contentTypeFor(real),
  };
}

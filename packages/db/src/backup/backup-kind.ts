import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';

/** What a backup file holds: a PostgreSQL custom-format dump, or a PGlite data directory (a gzipped tar). */
export type BackupKind = 'postgres' | 'pglite';

/** pg_dump's custom format (`-Fc`) starts with these bytes; its plain, tar and directory formats do not. */
const PG_CUSTOM_MAGIC = 'PGDMP';
const GZIP_MAGIC = [0x1f, 0x8b];
/** The file every PostgreSQL data directory has at its top: PGlite's dump names it `/PG_VERSION`. */
const DATA_DIR_MARKER = 'PG_VERSION';
const TAR_BLOCK = 512;

/** The kind of backup `file` is, or undefined when it is neither (another archive, a plain SQL dump, anything). */
export async function detectBackupKind(file: string): Promise<BackupKind | undefined> {
  const head = await readHead(file, PG_CUSTOM_MAGIC.length);
  if (head.toString('latin1') === PG_CUSTOM_MAGIC) return 'postgres';
  if (head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1] && (await tarHasTopEntry(file, DATA_DIR_MARKER))) {
    return 'pglite';
  }
  return undefined;
}

async function readHead(file: string, length: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** `/PG_VERSION`, `./PG_VERSION` and `PG_VERSION` all name the archive's top entry. */
const topName = (name: string) => name.replace(/^\.?\//, '');

function headerField(header: Buffer, start: number, length: number): string {
  const text = header.toString('utf8', start, start + length);
  const end = text.indexOf('\0');
  return end === -1 ? text : text.slice(0, end);
}

/** The entry's name and the bytes of content after its header, or undefined at the end or on a non-tar block. */
export function readTarHeader(header: Buffer): { name: string; size: number } | undefined {
  if (header.every((byte) => byte === 0)) return undefined;
  if (headerField(header, 257, 5) !== 'ustar') return undefined;
  const prefix = headerField(header, 345, 155);
  const name = headerField(header, 0, 100);
  const size = Number.parseInt(headerField(header, 124, 12).trim() || '0', 8);
  if (!Number.isSafeInteger(size) || size < 0) return undefined;
  return { name: prefix ? `${prefix}/${name}` : name, size };
}

/** Whether the gzipped tar `file` has `name` at its top, read entry by entry until it is found. */
async function tarHasTopEntry(file: string, name: string): Promise<boolean> {
  const stream = createReadStream(file).pipe(createGunzip());
  let pending: Buffer = Buffer.alloc(0);
  let skip = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        const skipped = Math.min(skip, pending.length);
        pending = pending.subarray(skipped);
        skip -= skipped;
        if (skip > 0 || pending.length < TAR_BLOCK) break;
        const entry = readTarHeader(pending.subarray(0, TAR_BLOCK));
        if (!entry) return false;
        if (topName(entry.name) === name) return true;
        skip = TAR_BLOCK + Math.ceil(entry.size / TAR_BLOCK) * TAR_BLOCK;
      }
    }
    return false;
  } catch {
    // Not gzip after all, or truncated: not a backup this code wrote.
    return false;
  } finally {
    stream.destroy();
  }
}

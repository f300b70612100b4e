import { MAX_IMPORT_ZIP_ENTRIES, MAX_IMPORT_ZIP_UNCOMPRESSED_BYTES } from '@lotline/contracts';
import { unzipSync } from 'fflate';
import { AppError } from '../../lib/errors';

/**
 * The photos of a ZIP by file name (decision 0051). Names are only match keys:
 * the folder part is dropped and nothing is ever written under the entry's
 * name, so `../` tricks lead nowhere. A zip bomb stops at the declared sizes
 * (entry count, total uncompressed size) before anything is inflated, and
 * again at the inflated size. Two entries with one file name are refused.
 */
export function readZip(bytes: Uint8Array): Map<string, Uint8Array> {
  let entries = 0;
  let declared = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        if (file.name.endsWith('/') || isJunk(file.name)) return false;
        entries += 1;
        declared += file.originalSize;
        if (entries > MAX_IMPORT_ZIP_ENTRIES)
          throw new Refused(`The ZIP has more than ${MAX_IMPORT_ZIP_ENTRIES} files.`);
        if (declared > MAX_IMPORT_ZIP_UNCOMPRESSED_BYTES) throw new Refused(tooBig);
        return true;
      },
    });
  } catch (err) {
    if (err instanceof Refused) throw AppError.validation(err.message, 'photos');
    throw AppError.validation('The ZIP could not be read: make it again with your system’s “compress”.', 'photos');
  }
  const byName = new Map<string, Uint8Array>();
  let inflated = 0;
  for (const [path, content] of Object.entries(files)) {
    inflated += content.byteLength;
    if (inflated > MAX_IMPORT_ZIP_UNCOMPRESSED_BYTES) throw AppError.validation(tooBig, 'photos');
    const name = baseName(path);
    if (byName.has(name)) throw AppError.validation(`The ZIP has two files named ${name}: rename one.`, 'photos');
    byName.set(name, content);
  }
  return byName;
}

class Refused extends Error {}

let turn: Promise<unknown> = Promise.resolve();
/** Previews with a ZIP in this process: the one running and those waiting for it. */
let queued = 0;
/** Previews whose body may hold a large ZIP, being received or checked in this process. */
let receiving = 0;

/** At most this many previews with a ZIP wait behind the running one; more are refused (503). */
export const MAX_ZIP_PREVIEWS_WAITING = 2;

const busy = () =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    'Other photo ZIPs are being checked right now. Send the files again in a minute.',
    {
      field: 'photos',
      headers: { 'Retry-After': '60' },
    },
  );

/**
 * Runs `work` (a preview holding an inflated ZIP, up to 1 GB) once the
 * previews before it in this process are done: one at a time, so two big
 * ZIPs never sit in memory together. The others wait their turn, a few at
 * most (each holds its uploaded ZIP meanwhile): past that the preview is
 * refused with 503 SERVICE_UNAVAILABLE and Retry-After, and the seller sends it again.
 */
export function inZipTurn<T>(work: () => Promise<T>): Promise<T> {
  if (queued > MAX_ZIP_PREVIEWS_WAITING) return Promise.reject(busy());
  queued += 1;
  const run = turn.then(work).finally(() => {
    queued -= 1;
  });
  turn = run.catch(() => undefined);
  return run;
}

/**
 * Runs `work` (reading a preview's body, then the preview) when fewer than
 * the running preview and its waiting ones are already received or checked
 * in this process; else 503 at once, before a byte of the body is held. Only
 * for bodies that may carry a large ZIP (a sheet alone is at most 10 MB), so
 * uploaded ZIPs held in memory stay a few, however many sellers send at once.
 */
export async function receivingZip<T>(work: () => Promise<T>): Promise<T> {
  if (receiving > MAX_ZIP_PREVIEWS_WAITING) throw busy();
  receiving += 1;
  try {
    return await work();
  } finally {
    receiving -= 1;
  }
}

const tooBig = `The ZIP's files come to more than ${MAX_IMPORT_ZIP_UNCOMPRESSED_BYTES / 1024 / 1024} MB uncompressed.`;

/** The match key of a ZIP entry or a photos cell: its last path part, case-insensitive. */
export const baseName = (path: string) => (path.split(/[\\/]/).at(-1) ?? '').trim().toLowerCase();

/** macOS and Windows add these; they are no photos. */
const isJunk = (path: string) => path.startsWith('__MACOSX/') || /(^|\/)(\.DS_Store|Thumbs\.db|\._[^/]*)$/.test(path);

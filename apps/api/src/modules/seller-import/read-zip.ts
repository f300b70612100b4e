import { MAX_IMPORT_ZIP_ENTRIES, MAX_IMPORT_ZIP_UNCOMPRESSED_BYTES } from '@lotline/contracts';
import { AppError } from '../../lib/errors';
import { type JobAnswer, JobTimedOut, runImportJob } from './import-workers';

/** Inflating 1 GB of honest photos takes seconds; a worker still busy after this is stopped. */
export const ZIP_TIME_LIMIT_MS = 60_000;

/**
 * The photos of a ZIP by file name (decision 0051). Names are only match keys:
 * the folder part is dropped and nothing is ever written under the entry's
 * name, so `../` tricks lead nowhere. Inflated in a worker thread, counting
 * the real bytes (decision 0065): the declared sizes (entry count, total
 * uncompressed size) are checked before anything is inflated, and a file that
 * inflates past the size it declares is refused as soon as it does, whatever
 * the headers claim. Two entries with one file name are refused. The ZIP's
 * buffer is handed to the worker (the caller's view of it is emptied).
 */
export async function readZip(
  bytes: Uint8Array,
  { timeLimitMs = ZIP_TIME_LIMIT_MS }: { timeLimitMs?: number } = {},
): Promise<Map<string, Uint8Array>> {
  let answer: JobAnswer<[string, Uint8Array][]>;
  try {
    answer = await runImportJob<[string, Uint8Array][]>(
      { kind: 'photos', bytes, maxEntries: MAX_IMPORT_ZIP_ENTRIES, maxTotalBytes: MAX_IMPORT_ZIP_UNCOMPRESSED_BYTES },
      timeLimitMs,
    );
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof JobTimedOut) {
      throw AppError.validation(
        `The ZIP could not be read in time (${timeLimitMs / 1000} s): make it again with your system’s “compress”, or send fewer photos.`,
        'photos',
      );
    }
    throw AppError.validation(unreadable, 'photos');
  }
  if ('refused' in answer) throw AppError.validation(refusals[answer.refused] ?? unreadable, 'photos');
  const byName = new Map<string, Uint8Array>();
  for (const [path, content] of answer.value) {
    const name = baseName(path);
    if (byName.has(name)) throw AppError.validation(`The ZIP has two files named ${name}: rename one.`, 'photos');
    byName.set(name, content);
  }
  return byName;
}

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

const unreadable = 'The ZIP could not be read: make it again with your system’s “compress”.';
/** The worker's reasons (counting-unzip.mjs) as the seller reads them. */
const refusals: Record<string, string> = {
  entries: `The ZIP has more than ${MAX_IMPORT_ZIP_ENTRIES} files.`,
  size: `The ZIP's files come to more than ${MAX_IMPORT_ZIP_UNCOMPRESSED_BYTES / 1024 / 1024} MB uncompressed.`,
  lie: 'The ZIP could not be read: its files inflate past the sizes it declares. Make it again with your system’s “compress”.',
};

/** The match key of a ZIP entry or a photos cell: its last path part, case-insensitive. */
export const baseName = (path: string) => (path.split(/[\\/]/).at(-1) ?? '').trim().toLowerCase();

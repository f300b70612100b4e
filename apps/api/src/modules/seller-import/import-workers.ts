import { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/errors';

/**
 * Reading a sheet and inflating a ZIP run off the event loop (decision 0065): each job in a worker thread of
 * its own (import-worker.mjs, plain JavaScript, so it loads under tsx, Vitest and Node alike), at most
 * MAX_IMPORT_WORKERS at once in this process, a few more waiting, each stopped past its time limit.
 */

/** Worker threads reading imports at once in this process. */
export const MAX_IMPORT_WORKERS = 2;
/** Jobs waiting for a worker; more are refused with 503 and Retry-After. */
export const MAX_IMPORT_JOBS_WAITING = 8;
/** A worker's own heap: a workbook that needs more is unreadable, and the API's heap is not touched. */
const WORKER_HEAP_MB = 512;
const WORKER_URL = new URL('./import-worker.mjs', import.meta.url);

export type ImportJob =
  | { kind: 'sheet'; bytes: Uint8Array; maxRows: number }
  | { kind: 'photos'; bytes: Uint8Array; maxEntries: number; maxTotalBytes: number };

/** What a worker answers: the result, or the refusal it found (the sheet's message, the ZIP's reason). */
export type JobAnswer<T> = { value: T } | { refused: string };

/** The worker ran past its time limit and was stopped. */
export class JobTimedOut extends Error {}

let running = 0;
const waiting: (() => void)[] = [];

/** How many jobs run and wait in this process (for tests and diagnostics). */
export const importWorkers = () => ({ running, waiting: waiting.length });

/**
 * Runs `job` in a new worker thread once fewer than MAX_IMPORT_WORKERS run, handing it `job.bytes` (a ZIP's
 * buffer is transferred when the view owns all of it, so the caller's view is emptied; a sheet is copied).
 * Rejects with JobTimedOut when the worker is still busy after `timeLimitMs` (it is terminated), with 503
 * SERVICE_UNAVAILABLE when MAX_IMPORT_JOBS_WAITING wait already, and with the worker's error when it fails
 * (a bug, or its heap limit).
 */
export function runImportJob<T>(job: ImportJob, timeLimitMs: number): Promise<JobAnswer<T>> {
  if (running >= MAX_IMPORT_WORKERS && waiting.length >= MAX_IMPORT_JOBS_WAITING) return Promise.reject(busy());
  let admitted: Promise<void>;
  if (running < MAX_IMPORT_WORKERS) {
    running += 1;
    admitted = Promise.resolve();
  } else admitted = new Promise<void>((resolve) => waiting.push(resolve));
  return admitted.then(() => inWorker<T>(job, timeLimitMs)).finally(release);
}

function release() {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}

function inWorker<T>(job: ImportJob, timeLimitMs: number): Promise<JobAnswer<T>> {
  const { bytes } = job;
  // A ZIP (up to 512 MB) is handed over whole when its view owns its buffer; a sheet (10 MB) is copied.
  const owned =
    job.kind === 'photos' &&
    bytes.buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength;
  const sent = owned ? bytes : new Uint8Array(bytes);
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    let settled = false;
    // The slot is given back once the thread has stopped, so at most MAX_IMPORT_WORKERS ever run.
    const settle = (answer: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate().finally(answer);
    };
    const timer = setTimeout(() => settle(() => reject(new JobTimedOut())), timeLimitMs);
    worker.once('message', (answer: JobAnswer<T> | { failed: string }) =>
      settle(() => ('failed' in answer ? reject(new Error(answer.failed)) : resolve(answer))),
    );
    worker.once('error', (err) => settle(() => reject(err)));
    worker.once('exit', (code) => settle(() => reject(new Error(`The import worker stopped (exit code ${code}).`))));
    worker.postMessage({ ...job, bytes: sent }, [sent.buffer as ArrayBuffer]);
  });
}

const busy = () =>
  new AppError('SERVICE_UNAVAILABLE', 'Many imports are being read right now. Send the files again in a minute.', {
    headers: { 'Retry-After': '60' },
  });

// The import worker (decision 0065): one job per worker thread, started by import-workers.ts. Plain JavaScript,
// so that it loads the same under tsx (`npm start`), Vitest and plain Node, with no TypeScript loader.
import { parentPort } from 'node:worker_threads';
import { unzipCounting, ZipRefusal } from './counting-unzip.mjs';
import { readSheet, SheetRefusal } from './read-sheet.mjs';

/** macOS and Windows add these to a ZIP; they are no photos. */
const isJunk = (path) => path.startsWith('__MACOSX/') || /(^|\/)(\.DS_Store|Thumbs\.db|\._[^/]*)$/.test(path);

/**
 * A job is `{ kind: 'sheet', bytes, maxRows }` (answered `{ value: { header, rows } }`) or
 * `{ kind: 'photos', bytes, maxEntries, maxTotalBytes }` (answered `{ value: [path, content][] }`, the contents
 * transferred). A refusal is answered `{ refused }`: the sheet's message, or the ZIP's reason.
 */
parentPort?.once('message', async (job) => {
  try {
    if (job.kind === 'sheet') {
      parentPort.postMessage({ value: await readSheet(job.bytes, { maxRows: job.maxRows }) });
      return;
    }
    const files = unzipCounting(job.bytes, {
      maxEntries: job.maxEntries,
      maxTotalBytes: job.maxTotalBytes,
      keep: (path) => !path.endsWith('/') && !isJunk(path),
    });
    parentPort.postMessage(
      { value: files },
      files.map(([, content]) => content.buffer),
    );
  } catch (err) {
    if (err instanceof SheetRefusal) parentPort.postMessage({ refused: err.message });
    else if (err instanceof ZipRefusal) parentPort.postMessage({ refused: err.reason });
    else parentPort.postMessage({ failed: String(err?.stack ?? err) });
  }
});

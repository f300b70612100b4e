import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { BackupError } from './backup-error';

/**
 * Writes `out` through `<out>.partial`, renamed only once `write` has finished: an interrupted backup never
 * leaves a file that looks complete. An existing `out` is never overwritten.
 */
export async function writeAtomically(out: string, write: (partial: string) => Promise<void>): Promise<void> {
  if (existsSync(out)) throw new BackupError(`${out} already exists; choose another file name.`);
  await mkdir(dirname(out), { recursive: true });
  const partial = `${out}.partial`;
  try {
    await write(partial);
    await rename(partial, out);
  } finally {
    await rm(partial, { force: true });
  }
}

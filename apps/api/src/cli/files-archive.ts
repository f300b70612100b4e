/**
 * The stored files (FILES_DIR) as a gzipped tar beside the database dump, made and unpacked with the system's
 * `tar`. Uploads still arriving (`.incoming`) are left out; the resized-photo cache is not under FILES_DIR.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { runProgram, writeAtomically } from '@lotline/db/backup';

/** `lotline-….dump` → `lotline-….files.tar.gz`: the last extension replaced, or the suffix added. */
export const filesArchiveFor = (dump: string) => dump.replace(/(\.[^./]*)?$/, '.files.tar.gz');

export const hasFiles = (filesDir: string) => existsSync(filesDir) && readdirSync(filesDir).length > 0;

export async function archiveFiles(filesDir: string, out: string): Promise<void> {
  const args = (partial: string) => [
    '--create',
    '--gzip',
    `--file=${partial}`,
    '--exclude=./.incoming',
    '-C',
    filesDir,
    '.',
  ];
  // GNU tar's 1 is "a file changed or went while it was read": an upload or the sweep of the running API,
  // whose rows the database backup taken just before may or may not name. The archive is still whole.
  await writeAtomically(out, (partial) => runProgram('tar', args(partial), {}, [0, 1]));
}

/**
 * Replaces FILES_DIR with the archive's files: unpacked beside it first, so that a failure leaves the current
 * files in place; the current directory is moved aside, and deleted once the new one is in place.
 */
export async function restoreFiles(archive: string, filesDir: string): Promise<void> {
  const staging = `${filesDir}.restoring`;
  const aside = `${filesDir}.before-restore`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    await runProgram('tar', ['--extract', '--gzip', `--file=${archive}`, '--no-same-owner', '-C', staging], {});
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  await rm(aside, { recursive: true, force: true });
  if (existsSync(filesDir)) await rename(filesDir, aside);
  await rename(staging, filesDir);
  await rm(aside, { recursive: true, force: true });
}

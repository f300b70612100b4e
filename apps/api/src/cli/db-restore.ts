/**
 * `npm run db:restore -- <file> [--force] [--no-files]`
 *
 * Restores a backup of `npm run db:backup` into the database the API would use (decision 0096): a PostgreSQL
 * dump into DATABASE_URL (pg_restore, one transaction), an embedded one into DATA_DIR (the data directory
 * replaced, the old one kept aside until the new one opens). The stored files come back too when the
 * backup's `<name>.files.tar.gz` is beside it. A database or files already there are replaced only with --force.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { lockDataDir } from '@lotline/db';
import {
  type BackupKind,
  detectBackupKind,
  hasPgliteDatabase,
  postgresTableCount,
  restorePglite,
  restorePostgres,
} from '@lotline/db/backup';
import { type BackupIo, defaultBackupIo, failureMessage } from './backup-cli-io';
import { type BackupTarget, describeDatabase, readBackupTarget } from './backup-target';
import { filesArchiveFor, hasFiles, restoreFiles } from './files-archive';

export const RESTORE_USAGE = `Usage: npm run db:restore -- <file> [--force] [--no-files]

  <file>      a backup written by npm run db:backup
  --force     replace the database (and stored files) already there; without it, only an empty target is restored
  --no-files  restore the database only, even when the backup's <name>.files.tar.gz is beside it

Environment: DATABASE_URL (a PostgreSQL backup goes there) or DATA_DIR (an embedded database backup replaces
DATA_DIR/pglite); FILES_DIR (default DATA_DIR/files). Stop the API first.`;

/** Why this file cannot go into this target, or undefined when it can. */
function kindProblem(file: string, kind: BackupKind | undefined, target: BackupTarget): string | undefined {
  if (!kind) {
    return (
      `${file} is not a Lotline backup: npm run db:restore takes a PostgreSQL custom-format dump (pg_dump -Fc) ` +
      'or an embedded database dump, as npm run db:backup writes them.'
    );
  }
  if (kind === target.kind) return undefined;
  return kind === 'postgres'
    ? `${file} is a PostgreSQL backup: set DATABASE_URL to the database to restore it into.`
    : `${file} is a backup of the embedded database, but DATABASE_URL is set: unset it to restore into DATA_DIR.`;
}

/** What a restore would replace: the database when it has tables, the files when there are any. */
async function occupied(target: BackupTarget, withFiles: boolean): Promise<string[]> {
  const found: string[] = [];
  if (target.kind === 'pglite' ? hasPgliteDatabase(target.dataDir) : await hasTables(target)) {
    found.push(describeDatabase(target));
  }
  if (withFiles && hasFiles(target.filesDir)) found.push(`the stored files in ${target.filesDir}`);
  return found;
}

const hasTables = async (target: BackupTarget) => (await postgresTableCount(target.databaseUrl as string)) > 0;

async function restore(target: BackupTarget, file: string, archive: string | undefined, io: BackupIo) {
  if (target.kind === 'postgres') await restorePostgres(target.databaseUrl as string, file);
  else await restorePglite(target.dataDir, file);
  io.out(`Restored ${describeDatabase(target)} from ${file}.`);
  if (!archive) return;
  await restoreFiles(archive, target.filesDir);
  io.out(`Restored the stored files in ${target.filesDir} from ${archive}.`);
}

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      force: { type: 'boolean', default: false },
      'no-files': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) return { help: true as const };
  if (positionals.length !== 1 || !positionals[0]) throw new Error('Name exactly one backup file to restore');
  return { help: false as const, file: path.resolve(positionals[0]), force: values.force, files: !values['no-files'] };
}

/** Returns the process exit code: 0 restored, 1 refused or failed, 2 bad arguments or environment. */
export async function runDbRestoreCli(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: BackupIo = defaultBackupIo,
): Promise<number> {
  let args: ReturnType<typeof parse>;
  let target: BackupTarget;
  try {
    args = parse(argv);
    target = readBackupTarget(env);
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${RESTORE_USAGE}`);
    return 2;
  }
  if (args.help) {
    io.out(RESTORE_USAGE);
    return 0;
  }
  const { file, force } = args;
  if (!existsSync(file) || !statSync(file).isFile()) {
    io.err(`There is no file ${file}.`);
    return 1;
  }
  const problem = kindProblem(file, await detectBackupKind(file), target);
  if (problem) {
    io.err(problem);
    return 1;
  }
  const archive = args.files && existsSync(filesArchiveFor(file)) ? filesArchiveFor(file) : undefined;
  let unlock = () => {};
  try {
    if (target.kind === 'pglite') unlock = lockDataDir(target.dataDir);
    const there = await occupied(target, archive !== undefined);
    if (there.length > 0 && !force) {
      io.err(`Nothing was restored: ${there.join(' and ')} would be replaced. Pass --force to replace it.`);
      return 1;
    }
    if (args.files && !archive) io.out(`There is no ${filesArchiveFor(file)}: the stored files are left as they are.`);
    await restore(target, file, archive, io);
    return 0;
  } catch (error) {
    io.err(failureMessage(error, 'restore the backup'));
    return 1;
  } finally {
    unlock();
  }
}

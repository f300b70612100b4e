/**
 * `npm run db:backup [-- --out <file>] [--no-files]`
 *
 * Backs up the database the API would use (decision 0096): with DATABASE_URL, `pg_dump --format=custom` (one
 * consistent snapshot, the API may keep running); otherwise the embedded database in DATA_DIR as PGlite's own
 * dump, which needs the data directory's lock (stop the API first). The stored files (FILES_DIR) go beside it
 * as `<name>.files.tar.gz`.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { lockDataDir } from '@lotline/db';
import { BackupError, backupPglite, backupPostgres, hasPgliteDatabase, pgliteDirOf } from '@lotline/db/backup';
import { type BackupIo, defaultBackupIo, failureMessage, formatSize } from './backup-cli-io';
import { type BackupTarget, describeDatabase, readBackupTarget } from './backup-target';
import { archiveFiles, filesArchiveFor, hasFiles } from './files-archive';

export const BACKUP_USAGE = `Usage: npm run db:backup [-- --out <file>] [--no-files]

  --out F     where to write the backup (default DATA_DIR/backups/lotline-<driver>-<UTC time>.<dump|tgz>)
  --no-files  leave the stored files (FILES_DIR) out; by default they go beside it as <name>.files.tar.gz

Environment: DATABASE_URL (PostgreSQL, backed up with pg_dump while the API runs) or DATA_DIR (the embedded
database, default ./data: stop the API first, only one process may open it); FILES_DIR (default DATA_DIR/files).`;

/** `lotline-postgres-20261203T151200Z.dump`: sorts by time, and says which restore it needs. */
export function defaultBackupFile(target: BackupTarget, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const extension = target.kind === 'postgres' ? 'dump' : 'tgz';
  return path.join(target.dataDir, 'backups', `lotline-${target.kind}-${stamp}.${extension}`);
}

const sizeOf = (file: string) => formatSize(statSync(file).size);

async function backupDatabase(target: BackupTarget, out: string): Promise<void> {
  if (target.kind === 'postgres') return backupPostgres(target.databaseUrl as string, out);
  // Checked before the lock, which would create a data directory that is not there.
  if (!hasPgliteDatabase(target.dataDir)) {
    throw new BackupError(`There is no embedded database in ${pgliteDirOf(target.dataDir)}: nothing to back up.`);
  }
  const unlock = lockDataDir(target.dataDir);
  try {
    await backupPglite(target.dataDir, out);
  } finally {
    unlock();
  }
}

async function backupFiles(target: BackupTarget, dump: string, io: BackupIo): Promise<void> {
  if (hasFiles(target.filesDir)) {
    const archive = filesArchiveFor(dump);
    await archiveFiles(target.filesDir, archive);
    io.out(`Wrote ${archive} (${sizeOf(archive)}): the stored files of ${target.filesDir}.`);
  } else {
    io.out(`There are no stored files in ${target.filesDir}: no files archive.`);
  }
  if (target.s3Bucket) {
    io.out(`Uploads in the S3 bucket ${target.s3Bucket} are not in this backup: keep the bucket's own versioning.`);
  }
}

function parse(argv: string[]): { out: string | undefined; files: boolean; help: boolean } {
  const { values } = parseArgs({
    args: argv,
    options: {
      out: { type: 'string' },
      'no-files': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.out === '') throw new Error('--out needs a file name');
  return { out: values.out, files: !values['no-files'], help: values.help };
}

/** Returns the process exit code: 0 written, 1 refused or failed, 2 bad arguments or environment. */
export async function runDbBackupCli(
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
    io.err(`${(error as Error).message}\n\n${BACKUP_USAGE}`);
    return 2;
  }
  if (args.help) {
    io.out(BACKUP_USAGE);
    return 0;
  }
  const dump = path.resolve(args.out ?? defaultBackupFile(target, io.now()));
  try {
    await backupDatabase(target, dump);
    io.out(`Wrote ${dump} (${sizeOf(dump)}): a backup of ${describeDatabase(target)}.`);
    if (args.files) await backupFiles(target, dump, io);
    return 0;
  } catch (error) {
    io.err(failureMessage(error, 'write the backup'));
    return 1;
  }
}

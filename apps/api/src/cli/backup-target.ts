/**
 * Which database and files `npm run db:backup` and `db:restore` work on: the ones the API would use, read from
 * the same environment variables with the same defaults (src/config.ts).
 */
import path from 'node:path';
import type { BackupKind } from '@lotline/db/backup';
import { z } from 'zod';

/** An empty variable counts as unset, as it does for the API's start script. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const envSchema = z.object({
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\/\S+$/, 'Must be a postgres:// or postgresql:// URL')),
  DATA_DIR: optional(z.string()),
  FILES_DIR: optional(z.string()),
  S3_BUCKET: optional(z.string()),
});

export interface BackupTarget {
  kind: BackupKind;
  /** Set when kind is `postgres`. */
  databaseUrl: string | undefined;
  /** The embedded database's directory (its lock lives there) and the default home of `backups/`. */
  dataDir: string;
  /** Local storage: uploads (unless in S3), demo photos and attachments. */
  filesDir: string;
  /** Uploads kept in this S3 bucket are not in FILES_DIR, hence not in the backup. */
  s3Bucket: string | undefined;
}

/** The target, or the environment's problems as one message. */
export function readBackupTarget(env: NodeJS.ProcessEnv, cwd = process.cwd()): BackupTarget {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'));
  }
  const e = parsed.data;
  const dataDir = path.resolve(cwd, e.DATA_DIR ?? './data');
  return {
    kind: e.DATABASE_URL ? 'postgres' : 'pglite',
    databaseUrl: e.DATABASE_URL,
    dataDir,
    filesDir: path.resolve(cwd, e.FILES_DIR ?? path.join(dataDir, 'files')),
    s3Bucket: e.S3_BUCKET,
  };
}

/** What a message calls the database: never the connection string, which may hold a password. */
export function describeDatabase(target: BackupTarget): string {
  if (target.kind === 'pglite') return `the embedded database in ${path.join(target.dataDir, 'pglite')}`;
  const url = new URL(target.databaseUrl as string);
  const name = decodeURIComponent(url.pathname.slice(1)) || '(the default)';
  return `the PostgreSQL database ${name} on ${url.host || 'the local socket'}`;
}

import pg from 'pg';
import { writeAtomically } from './atomic-file';
import { connectionForTool, findPgTool, pipePgTools, runProgram } from './pg-tools';
import { publicSearchPath } from './restore-search-path';

/**
 * `pg_dump --format=custom` of the whole database (the application's tables, the migrations' record and
 * pg-boss's jobs): one snapshot, consistent while the API keeps running.
 */
export async function backupPostgres(databaseUrl: string, out: string): Promise<void> {
  const { dbname, env } = connectionForTool(databaseUrl);
  const program = findPgTool('pg_dump');
  await writeAtomically(out, (partial) =>
    runProgram(program, ['--format=custom', `--file=${partial}`, `--dbname=${dbname}`], env),
  );
}

/** Tables of the database outside PostgreSQL's own schemas: 0 for a database nothing has migrated yet. */
export async function postgresTableCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ tables: number }>(
      `select count(*)::int as tables from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'`,
    );
    return result.rows[0]?.tables ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * `pg_restore` of a custom-format dump into the database, dropping first what the dump recreates, as one
 * transaction: a restore that fails leaves the database as it was. Objects are owned by the connecting role.
 * pg_restore writes the script and psql runs it, with `public` on the search path (see restore-search-path.ts).
 */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = connectionForTool(databaseUrl);
  await pipePgTools(
    {
      program: findPgTool('pg_restore'),
      args: ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--file=-', file],
    },
    publicSearchPath(),
    { program: findPgTool('psql'), args: ['-X', '-q', '-v', 'ON_ERROR_STOP=1', `--dbname=${dbname}`], env },
  );
}

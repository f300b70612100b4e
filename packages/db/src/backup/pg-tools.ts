import { spawn } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Transform, Writable } from 'node:stream';
import { BackupError } from './backup-error';

export type PgTool = 'pg_dump' | 'pg_restore' | 'psql';

/** Where Debian installs each PostgreSQL version's programs (`postgresql-client-NN`). */
const DEBIAN_PG_ROOT = '/usr/lib/postgresql';

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Debian's version directories, newest first (a newer pg_dump reads and writes for every older server). */
function debianBinDirs(root: string): string[] {
  try {
    return readdirSync(root)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a))
      .map((version) => join(root, version, 'bin'));
  } catch {
    return [];
  }
}

/** The path of `tool`: first on PATH, else the newest of Debian's /usr/lib/postgresql/<version>/bin. */
export function findPgTool(tool: PgTool, path = process.env.PATH ?? '', debianRoot = DEBIAN_PG_ROOT): string {
  const dirs = [...path.split(delimiter).filter(Boolean), ...debianBinDirs(debianRoot)];
  const found = dirs.map((dir) => join(dir, tool)).find(isExecutable);
  if (!found) {
    throw new BackupError(
      `${tool} was not found on PATH or in ${debianRoot}/*/bin: install the PostgreSQL client programs ` +
        '(Debian: apt-get install postgresql-client).',
    );
  }
  return found;
}

/**
 * The connection string without its password, and the password as PGPASSWORD: a command line is
 * readable by every user of the machine (`ps`), the environment only by the owner.
 */
export function connectionForTool(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

interface Finished {
  program: string;
  code: number | null;
  stderr: string;
}

function start(program: string, args: string[], env: NodeJS.ProcessEnv, stdio: 'pipe' | 'ignore') {
  const child = spawn(program, args, { env: { ...process.env, ...env }, stdio: [stdio, stdio, 'pipe'] });
  const finished = new Promise<Finished>((resolve, reject) => {
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      stderr += text;
    });
    child.on('error', (error) => reject(new BackupError(`Could not run ${program}: ${error.message}`)));
    child.on('close', (code) => resolve({ program, code, stderr }));
  });
  return { child, finished };
}

/** The first program that failed, as a BackupError carrying what it printed. */
function failure(results: Finished[], okCodes: number[] = [0]): BackupError | undefined {
  const failed = results.find((result) => result.code === null || !okCodes.includes(result.code));
  if (!failed) return undefined;
  return new BackupError(`${failed.program} failed (exit code ${failed.code}):\n${failed.stderr.trim()}`);
}

/**
 * Runs a program (pg_dump, tar) to its end; an exit code not in `okCodes` is a BackupError carrying what it
 * printed.
 */
export async function runProgram(
  program: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  okCodes: number[] = [0],
): Promise<void> {
  const error = failure([await start(program, args, env, 'ignore').finished], okCodes);
  if (error) throw error;
}

/** `producer | transform | consumer`, both programs run to their end; the first failure is thrown. */
export async function pipePgTools(
  producer: { program: string; args: string[] },
  transform: Transform,
  consumer: { program: string; args: string[]; env: NodeJS.ProcessEnv },
): Promise<void> {
  const from = start(producer.program, producer.args, {}, 'pipe');
  const to = start(consumer.program, consumer.args, consumer.env, 'pipe');
  // A consumer that stops early (an error) closes its input: the producer's broken pipe is not the news.
  to.child.stdin?.on('error', () => {});
  to.child.stdout?.resume();
  from.child.stdout?.pipe(transform).pipe(to.child.stdin as Writable);
  const results = await Promise.all([from.finished, to.finished]);
  const error = failure([results[1], results[0]]);
  if (error) throw error;
}

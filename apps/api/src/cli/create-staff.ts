/**
 * `npm run create-staff -- --email you@example.com [--name "Your Name"]`
 *
 * Creates the first staff user (roles `staff`, `admin`) of a deployment, which never
 * gets the demo accounts (decision 0025). The password is read from standard input
 * when one is piped in (`printf '%s' "$PASSWORD" | npm run create-staff -- …`);
 * otherwise a strong one is generated and printed once. DATABASE_URL selects
 * PostgreSQL; otherwise the embedded database in DATA_DIR (default ./data), which
 * only one process may open: stop the API first.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { type DatabaseHandle, type OpenDatabaseOptions, openDatabase } from '@lotline/db';
import { isAppError } from '../lib/errors';
import { createStaffUser } from '../modules/identity/create-staff-user';

export const USAGE = `Usage: npm run create-staff -- --email you@example.com [--name "Your Name"]

  --email E   the staff member's e-mail address (their sign-in name)
  --name N    their name as pages show it (default "Staff")

The password is read from standard input when one is piped in, e.g.
  printf '%s' "$PASSWORD" | npm run create-staff -- --email you@example.com
otherwise a random one is generated and printed once.

Environment: DATABASE_URL (PostgreSQL) or DATA_DIR (embedded database, default ./data;
stop the API first: only one process may open it).`;

export interface CreateStaffIo {
  out(line: string): void;
  err(line: string): void;
  /** The piped-in standard input, or undefined when it is a terminal. */
  readStdin(): Promise<string | undefined>;
  open(options: OpenDatabaseOptions): Promise<DatabaseHandle>;
}

async function readPipedStdin(): Promise<string | undefined> {
  if (process.stdin.isTTY) return undefined;
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

const defaultIo: CreateStaffIo = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  readStdin: readPipedStdin,
  open: openDatabase,
};

/** 24 characters of base64url: 144 random bits. */
export const generatePassword = () => randomBytes(18).toString('base64url');

/** Returns the process exit code. */
export async function runCreateStaffCli(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: CreateStaffIo = defaultIo,
): Promise<number> {
  let email: string;
  let name: string;
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        name: { type: 'string', default: 'Staff' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    if (!values.email) throw new Error('--email is required');
    email = values.email;
    name = values.name;
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }

  // Only the first line of what was piped in: `echo secret |` adds a newline that is not part of it.
  const piped = (await io.readStdin())?.split(/\r?\n/)[0];
  const password = piped || generatePassword();

  let handle: DatabaseHandle | undefined;
  try {
    handle = await io.open({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR || './data' });
    const user = await createStaffUser(handle.db, { email, name, password });
    io.out(`Created the staff user ${user.email} (roles staff, admin).`);
    if (!piped) io.out(`Password (shown only now; change it at /account after signing in): ${password}`);
    return 0;
  } catch (error) {
    io.err(isAppError(error) ? error.message : `Could not create the staff user: ${(error as Error).message}`);
    return 1;
  } finally {
    await handle?.close();
  }
}

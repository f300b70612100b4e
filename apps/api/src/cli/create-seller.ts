/**
 * `npm run create-seller -- --email owner@example.com --company "Name" --country US [--region TX]`
 *
 * Creates a seller company owned by an existing, activated user, on a deployment that
 * has no demo data (decision 0074): the operator's way to the first seller, as
 * `create-staff` is to the first staff member. Later sellers apply at /sell/apply and
 * staff approve them. DATABASE_URL selects PostgreSQL; otherwise the embedded database
 * in DATA_DIR (default ./data), which only one process may open: stop the API first.
 */
import { parseArgs } from 'node:util';
import { type DatabaseHandle, openDatabase } from '@lotline/db';
import { isAppError } from '../lib/errors';
import { createSellerForUser } from '../modules/seller-applications/create-seller-for-user';
import type { CreateStaffIo } from './create-staff';

export const USAGE = `Usage: npm run create-seller -- --email owner@example.com --company "Company Name" --country US [--region TX]

  --email E     the e-mail address of an existing, activated account: the company's owner
  --company N   the company's name (its page's address is made from it)
  --country CC  US or CA
  --region R    optional: the state or province code, e.g. TX or ON

Environment: DATABASE_URL (PostgreSQL) or DATA_DIR (embedded database, default ./data;
stop the API first: only one process may open it).`;

export type CreateSellerIo = Pick<CreateStaffIo, 'out' | 'err' | 'open'>;

const defaultIo: CreateSellerIo = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  open: openDatabase,
};

/** Returns the process exit code. */
export async function runCreateSellerCli(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: CreateSellerIo = defaultIo,
): Promise<number> {
  let input: { email: string; company: string; country: string; region: string | undefined };
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        company: { type: 'string' },
        country: { type: 'string' },
        region: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    for (const key of ['email', 'company', 'country'] as const) {
      if (!values[key]) throw new Error(`--${key} is required`);
    }
    input = {
      email: values.email as string,
      company: values.company as string,
      country: values.country as string,
      region: values.region,
    };
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }

  let handle: DatabaseHandle | undefined;
  try {
    handle = await io.open({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR || './data' });
    const { company, email } = await createSellerForUser(handle.db, input);
    io.out(`Created the seller company ${company.name} (/${company.slug}) owned by ${email}.`);
    io.out('They open the seller console at /seller after signing in.');
    return 0;
  } catch (error) {
    io.err(isAppError(error) ? error.message : `Could not create the seller company: ${(error as Error).message}`);
    return 1;
  } finally {
    await handle?.close();
  }
}

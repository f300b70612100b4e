import { type Database, DatabaseLockedError, openDatabase } from '@lotline/db';
import { buildApp, uploadStorageFor } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { createLogger } from './lib/logger';
import { resolveAuthSecret } from './modules/identity/auth-secret';
import { hasStaffUser } from './modules/identity/create-staff-user';
import { startMailDelivery } from './modules/mail/deliver-mail';
import { createSmtpTransport } from './modules/mail/smtp-transport';
import { startSearchClock } from './modules/search/search-clock';
import { startExpirySweep } from './modules/tax-exemptions/expire-tax-exemptions';
import { policyKey } from './modules/uploads/local-policy';
import { startUploadSweep } from './modules/uploads/sweep-unreferenced-uploads';

/**
 * Starts the API: validated config → database (migrated; seeded when empty and
 * SEED_IF_EMPTY=true, never in production) → HTTP, with the search count table's clock running
 * (modules/search/search-clock.ts), the tax-exemption expiry sweep, the sweep of unreferenced
 * uploads (decision 0027) and, with SMTP_URL, the mail worker (modules/mail/deliver-mail.ts). On SIGINT or
 * SIGTERM it stops accepting connections, lets requests in flight finish,
 * closes the database (releasing the data-dir lock) and exits 0.
 */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      // A plain list, no stack: the operator needs to know what to fix, not where we noticed.
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  const logger = createLogger(config.logLevel, undefined, config.logFormat);
  config = { ...config, authSecret: resolveAuthSecret(config.authSecret, config.dataDir) };
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  try {
    handle = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      statementTimeoutMs: config.timeouts.dbStatement,
      log: (msg) => logger.info(msg),
    });
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    logger.fatal({ err }, 'could not open the database');
    process.exit(1);
  }

  if (config.seedIfEmpty && config.nodeEnv === 'production') {
    // The demo accounts' password is printed in the README: they must never exist on a real site.
    logger.warn('SEED_IF_EMPTY is ignored in production: demo data is for development only (decision 0025)');
  } else if (config.seedIfEmpty) {
    try {
      await seedIfEmpty(handle.db, config, (msg) => logger.info(msg));
    } catch (err) {
      logger.fatal({ err }, 'could not seed the empty database');
      await handle.close();
      process.exit(1);
    }
  }

  if (!(await hasStaffUser(handle.db))) {
    logger.warn(
      'There is no staff user yet. Create the first one with: npm run create-staff -- --email you@example.com ' +
        '(with the embedded database, stop the API first; see README.md)',
    );
  }

  const app = buildApp({ db: handle.db, config, logger });
  const stopSearchClock = startSearchClock(handle.db, {
    onError: (err) => logger.error({ err }, 'could not advance the search count clock'),
  });
  const stopExpirySweep = startExpirySweep(handle.db, {
    onError: (err) => logger.error({ err }, 'could not expire tax exemptions'),
  });
  const stopUploadSweep = startUploadSweep(
    handle.db,
    uploadStorageFor(config, policyKey(config.authSecret as string)),
    { onError: (err) => logger.error({ err }, 'could not delete unreferenced uploads') },
  );
  // Mail is stored by requests and delivered here, with retries (decision 0028); without SMTP it stays in the outbox.
  const stopMailDelivery = config.smtpUrl
    ? startMailDelivery(handle.db, createSmtpTransport(config.smtpUrl), { from: config.mailFrom }, logger)
    : async () => {};
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    try {
      await app.close();
      await stopSearchClock();
      await stopExpirySweep();
      await stopUploadSweep();
      await stopMailDelivery();
      await handle.close();
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'unclean shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    logger.fatal({ err }, 'could not listen');
    await handle.close();
    process.exit(1);
  }
}

/** Demo data for a first start; loaded lazily so a normal start does not pay for the generator. */
async function seedIfEmpty(db: Database, config: Config, log: (msg: string) => void) {
  const seed = await import('@lotline/db/seed');
  if (!(await seed.isDatabaseEmpty(db))) return;
  log(`The database is empty: seeding ${config.seedLots} demo lots…`);
  await seed.seedDatabase(db, { lots: config.seedLots, filesDir: config.filesDir, log });
}

void main();

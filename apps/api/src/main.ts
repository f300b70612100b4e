import { setTimeout } from 'node:timers/promises';
import { type Database, DatabaseLockedError, openDatabase, openReadReplica } from '@lotline/db';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp, uploadStorageFor } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { createJobRunner } from './lib/jobs/job-runner';
import { createLogger } from './lib/logger';
import { ReadRouter } from './lib/read-replica/read-router';
import { demoAuctionOrders } from './modules/demo/demo-auction-orders';
import { demoBuyNow } from './modules/demo/demo-buy-now';
import { demoCompanyLocations } from './modules/demo/demo-company-locations';
import { demoCompanyTeam } from './modules/demo/demo-company-team';
import { demoLotDocuments } from './modules/demo/demo-lot-documents';
import { demoOffers } from './modules/demo/demo-offers';
import { demoMail, demoOrders } from './modules/demo/demo-orders';
import { demoSellerEvents } from './modules/demo/demo-seller-events';
import { demoSellerLots } from './modules/demo/demo-seller-lots';
import { demoSellerResults } from './modules/demo/demo-seller-results';
import { demoSellerRun } from './modules/demo/demo-seller-run';
import { demoStaffRecords } from './modules/demo/demo-staff-records';
import { demoTenders } from './modules/demo/demo-tenders';
import { demoWireAccounts } from './modules/demo/demo-wire-accounts';
import { placeDemoBids } from './modules/demo/place-demo-bids';
import { resolveAuthSecret } from './modules/identity/auth-secret';
import { hasStaffUser } from './modules/identity/create-staff-user';
import { createMailer } from './modules/mail/mailer';
import { SandboxPaymentProvider } from './modules/payments/sandbox/sandbox-provider';
import { Readiness } from './modules/system/readiness';
import { policyKey } from './modules/uploads/local-policy';
import { registerJobs } from './register-jobs';

/**
 * Starts the API: validated config → database (migrated; seeded when empty and
 * SEED_IF_EMPTY=true, never in production, then the demo bids through the engine) → the job runner with every job of register-jobs.ts
 * (decision 0031) → HTTP. On SIGINT or SIGTERM /readyz answers 503 for SHUTDOWN_DRAIN_SECONDS
 * (decision 0095), then it stops accepting connections, lets requests
 * in flight finish, stops the job runner (waiting for the runs in flight), closes the database
 * (releasing the data-dir lock) and exits 0.
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
  if (config.nodeEnv === 'production' && config.paymentsProvider === 'sandbox') {
    // A staging site (decision 0066): said at every start, and on every page and e-mail.
    logger.warn('PAYMENTS_PROVIDER=sandbox: test cards only, no real money moves (a staging site, never a live one)');
  }
  const authSecret = resolveAuthSecret(config.authSecret, config.dataDir);
  config = { ...config, authSecret };
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
      if (await seedIfEmpty(handle.db, config, (msg) => logger.info(msg))) {
        // The demo banks first: the demo orders below choose wire (decision 0070).
        await demoWireAccounts(handle.db, (msg) => logger.info(msg));
        // The seeded cards are the sandbox's: with Stripe configured only events without a deposit get demo bidders.
        const provider =
          config.paymentsProvider === 'sandbox' ? new SandboxPaymentProvider(handle.db, config.publicOrigin) : null;
        await placeDemoBids({ db: handle.db, provider, log: (msg) => logger.info(msg) });
        await demoSellerRun({ db: handle.db, provider, logger });
        await demoSellerResults({ db: handle.db, config, logger });
        await demoCompanyLocations({ db: handle.db, log: (msg) => logger.info(msg) });
        await demoSellerEvents({ db: handle.db, log: (msg) => logger.info(msg) });
        await demoSellerLots({ db: handle.db, log: (msg) => logger.info(msg) });
        const storage = uploadStorageFor(config, policyKey(authSecret));
        await demoLotDocuments({ db: handle.db, storage, log: (msg) => logger.info(msg) });
        // Issue 15's demo state, made through the same use-cases the routes run.
        const mailer = createMailer({
          db: handle.db,
          smtpUrl: config.smtpUrl,
          from: config.mailFrom,
          log: logger,
          testPayments: config.paymentsProvider === 'sandbox',
        });
        const log = (msg: string) => logger.info(msg);
        await demoCompanyTeam({ db: handle.db, mailer, publicOrigin: config.publicOrigin, log });
        await demoTenders({ db: handle.db, provider, mailer, publicOrigin: config.publicOrigin, log });
        await demoOffers({ db: handle.db, config, logger });
        await demoBuyNow({ db: handle.db, config, mailer, provider, logger });
        const orderMail = demoMail(handle.db, config, logger);
        await demoOrders({ db: handle.db, mail: orderMail, log });
        await demoAuctionOrders({ db: handle.db, provider, mail: orderMail, log });
        // Last: staff's records (a suspension among them) once the demo has bought and bid.
        await demoStaffRecords({ db: handle.db, mailer, publicOrigin: config.publicOrigin, log });
      }
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

  const jobs = createJobRunner(handle.db, { log: logger });
  registerJobs(jobs, { db: handle.db, config, logger });
  // /readyz answers 200 once the runner has started, and 503 from SIGTERM on (decision 0095).
  const readiness = new Readiness(jobs);
  const replica = await openReplicaReads(handle.db, config, logger);
  const app = buildApp({ db: handle.db, config, logger, readiness, searchDb: replica?.reads });
  try {
    await jobs.start();
  } catch (err) {
    logger.fatal({ err }, 'could not start the job runner');
    await handle.close();
    process.exit(1);
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    try {
      // A balancer sees /readyz answer 503 and moves traffic away while this process still serves it.
      readiness.drain();
      if (config.shutdownDrainMs > 0) await setTimeout(config.shutdownDrainMs);
      await app.close();
      await jobs.stop();
      await replica?.close();
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
    await jobs.stop();
    await handle.close();
    process.exit(1);
  }
}

/** The read replica of DATABASE_READ_URL and the router that sends search to it while it is fresh (decision 0101). */
async function openReplicaReads(primary: Database, config: Config, logger: FastifyBaseLogger) {
  if (!config.readReplica) return undefined;
  const handle = openReadReplica(config.readReplica.url, { log: (msg) => logger.warn(msg) });
  const router = new ReadRouter(primary, handle.db, {
    maxLagMs: config.readReplica.maxLagMs,
    log: (msg) => logger.info(msg),
  });
  await router.start();
  return {
    reads: router.reads(),
    close: async () => {
      await router.stop();
      await handle.close();
    },
  };
}

/** Demo data for a first start; loaded lazily so a normal start does not pay for the generator. */
async function seedIfEmpty(db: Database, config: Config, log: (msg: string) => void): Promise<boolean> {
  const seed = await import('@lotline/db/seed');
  if (!(await seed.isDatabaseEmpty(db))) return false;
  log(`The database is empty: seeding ${config.seedLots} demo lots…`);
  await seed.seedDatabase(db, { lots: config.seedLots, filesDir: config.filesDir, log });
  return true;
}

void main();

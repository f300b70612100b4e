import type { Database } from '@lotline/db';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { frameworkErrorHandler, registerErrorHandling } from './lib/error-handler';
import { registerAccess } from './lib/http/access';
import { RateLimiter } from './lib/http/rate-limit';
import { SessionCache } from './lib/http/session-cache';
import { registerSessionEnds, sessionEnds } from './lib/http/session-ends';
import { registerUnreadBodyDrain } from './lib/http/unread-body';
import { registerInputGuard } from './lib/input-guard';
import { registerQueueMetrics } from './lib/jobs/queue-metrics';
import { createLogger } from './lib/logger';
import { registerDbPoolMetrics } from './lib/metrics/db-pool-metrics';
import { registerHttpMetrics } from './lib/metrics/http-metrics';
import { type AppMetrics, createMetrics } from './lib/metrics/metrics';
import { registerOpenApi } from './lib/openapi';
import { REQUEST_ID_HEADER, requestIdFrom } from './lib/request-id';
import { formOrigins, registerSameOriginCheck } from './lib/same-origin';
import { registerSecurityHeaders } from './lib/security-headers';
import { accountRoutes } from './modules/account/routes';
import { recomputeVerified } from './modules/account/verification';
import { auditRoutes } from './modules/audit/routes';
import { bidderReviewRoutes } from './modules/bidder-review/routes';
import { biddingReadsRoutes } from './modules/bidding/bidding-reads.routes';
import { bidsRoutes } from './modules/bidding/bids.routes';
import { catalogRoutes } from './modules/catalog/routes';
import { cmsRoutes } from './modules/cms/routes';
import { eventsRoutes } from './modules/events/routes';
import { filesRoutes } from './modules/files/routes';
import { createAuth } from './modules/identity/auth';
import { identityRoutes } from './modules/identity/routes';
import { usersRoutes } from './modules/identity/users.routes';
import { liveRoutes } from './modules/live/routes';
import { lotsRoutes } from './modules/lots/routes';
import { createMailer } from './modules/mail/mailer';
import { registerOutboxMetrics } from './modules/mail/outbox-metrics';
import { outboxRoutes } from './modules/mail/routes';
import { messagingRoutes } from './modules/messaging/routes';
import { offersRoutes } from './modules/offers/routes';
import { orderPaymentsRoutes } from './modules/orders/payment/order-payments.routes';
import { paymentAlertsRoutes } from './modules/orders/payment/payment-alerts.routes';
import { paymentEventHandler } from './modules/orders/payment/payment-events';
import { sellerReserveRoutes } from './modules/orders/payment/seller-reserve.routes';
import { wireAccountsRoutes } from './modules/orders/payment/wire-accounts.routes';
import { refundRoutes } from './modules/orders/refund-routes';
import { ordersRoutes } from './modules/orders/routes';
import { sellerOrdersRoutes } from './modules/orders/seller-routes';
import { unpaidOrdersRoutes } from './modules/orders/unpaid-routes';
import { createPaymentProvider } from './modules/payments/create-provider';
import type { PaymentProvider } from './modules/payments/provider';
import { paymentsRoutes } from './modules/payments/routes';
import { sandboxRoutes } from './modules/payments/sandbox/routes';
import { SandboxPaymentProvider } from './modules/payments/sandbox/sandbox-provider';
import { paymentWebhookRoutes } from './modules/payments/webhooks.routes';
import { createConnectProvider } from './modules/payouts/create-connect-provider';
import { createPayoutProvider } from './modules/payouts/create-payout-provider';
import { payoutRoutes } from './modules/payouts/routes';
import { sandboxConnectRoutes } from './modules/payouts/sandbox/routes';
import { SandboxConnectProvider } from './modules/payouts/sandbox/sandbox-connect';
import { shippedGazetteer } from './modules/places/gazetteer';
import { placesRoutes } from './modules/places/routes';
import { publicConfigRoutes } from './modules/platform/public-config.routes';
import { platformRoutes } from './modules/platform/routes';
import { purchasesRoutes } from './modules/purchases/routes';
import { registrationsRoutes } from './modules/registrations/routes';
import { facetsRoutes } from './modules/search/facets.routes';
import { fillersRoutes } from './modules/search/fillers.routes';
import { searchRoutes } from './modules/search/routes';
import { searchEventsRoutes } from './modules/search/search-events.routes';
import { sellerApplicationsRoutes } from './modules/seller-applications/routes';
import { sellerCompanyRoutes } from './modules/seller-company/routes';
import { sellerEventsRoutes } from './modules/seller-events/routes';
import { sellerImportRoutes } from './modules/seller-import/routes';
import { lotDocumentRoutes } from './modules/seller-lots/document-routes';
import { sellerLotsRoutes } from './modules/seller-lots/routes';
import { sellerResultsRoutes } from './modules/seller-results/routes';
import { sellerRunRoutes } from './modules/seller-run/routes';
import { registerConsoleWriteMark } from './modules/sellers/console-writes';
import { sellersRoutes } from './modules/sellers/routes';
import { sitemapRoutes } from './modules/sitemap/routes';
import { staffCatalogRoutes } from './modules/staff-catalog/routes';
import { staffCategoriesRoutes } from './modules/staff-categories/routes';
import { staffCommissionRoutes } from './modules/staff-commission/routes';
import { staffCompaniesRoutes } from './modules/staff-companies/routes';
import { staffContentRoutes } from './modules/staff-content/routes';
import { termsRoutes } from './modules/staff-content/terms.routes';
import { staffEventsRoutes } from './modules/staff-events/routes';
import { staffOrdersRoutes } from './modules/staff-orders/routes';
import { staffUsersRoutes } from './modules/staff-users/routes';
import { metricsRoutes } from './modules/system/metrics.routes';
import { Readiness } from './modules/system/readiness';
import { systemRoutes } from './modules/system/routes';
import { taxExemptionsRoutes } from './modules/tax-exemptions/routes';
import { tendersRoutes } from './modules/tenders/routes';
import { policyKey } from './modules/uploads/local-policy';
import { LocalUploadStorage } from './modules/uploads/local-storage';
import { uploadsRoutes } from './modules/uploads/routes';
import { S3UploadStorage, s3ClientFor } from './modules/uploads/s3-storage';
import type { UploadStorage } from './modules/uploads/storage';
import { watchlistRoutes } from './modules/watchlist/routes';

export interface BuildAppOptions {
  db: Database;
  config: Config;
  /** A pino logger; by default one at `config.logLevel` writing to stdout. */
  logger?: FastifyBaseLogger;
  /** The payment provider; by default Stripe when configured, else the built-in sandbox (decision 0015). */
  paymentProvider?: PaymentProvider;
  /** What /readyz answers from (main.ts: with its job runner, drained on SIGTERM); by default one without a runner. */
  readiness?: Readiness;
  /** This app's metrics (decision 0095); by default a registry of its own. */
  metrics?: AppMetrics;
  /**
   * Where search reads go (decision 0101): main.ts passes its ReadRouter's `reads()` when DATABASE_READ_URL is
   * set; by default `db`.
   */
  searchDb?: Database;
}

/**
 * Builds the HTTP app without listening, so tests drive it with `app.inject`
 * and `main.ts` owns the process concerns (ports, signals, the database).
 */
export function buildApp({ db, config, logger, paymentProvider, ...options }: BuildAppOptions) {
  // main.ts fills it in (from the environment or $DATA_DIR/auth-secret) before building the app.
  if (!config.authSecret) throw new Error('buildApp needs config.authSecret');
  // Search takes no user's own data and writes nothing: it may read a replica within its lag bound.
  const searchDb = options.searchDb ?? db;
  const app = Fastify({
    loggerInstance: logger ?? createLogger(config.logLevel, undefined, config.logFormat),
    // Our genReqId reads and vets the header itself; Fastify would trust any value.
    requestIdHeader: false,
    genReqId: requestIdFrom,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorHandler,
    routerOptions: { maxParamLength: 500 },
    // request.ip (rate limits, sessions) is the client's address as the web server forwards it.
    trustProxy: config.trustProxy,
    // Slow or idle clients are cut off (decision 0028); Node checks running requests at this interval.
    requestTimeout: config.timeouts.httpRequest,
    connectionTimeout: config.timeouts.httpConnection,
    keepAliveTimeout: config.timeouts.httpKeepAlive,
    http: { connectionsCheckingInterval: Math.min(5_000, Math.ceil(config.timeouts.httpRequest / 4)) },
  }).withTypeProvider<ZodTypeProvider>();

  const metrics = options.metrics ?? createMetrics();
  const readiness = options.readiness ?? new Readiness();
  // Whoever closes the app, it is no longer ready from then on.
  app.addHook('preClose', async () => readiness.drain());
  registerHttpMetrics(app, metrics.registry);
  // Read at scrape time: the job queues and the outbox from the database, the pool from its driver.
  registerQueueMetrics(metrics.registry, db, app.log);
  registerOutboxMetrics(metrics.registry, db, app.log);
  registerDbPoolMetrics(metrics.registry, db);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // An answer sent before the body arrived reads and drops the rest, keeping the connection usable.
  registerUnreadBodyDrain(app);

  app.addHook('onRequest', async (request, reply) => {
    // Set first thing so that every answer, errors and 404s included, carries it.
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  registerSecurityHeaders(app, config.publicOrigin);
  // Bad text (NUL, lone surrogates, invalid UTF-8) is a 400 before anything else reads it (decision 0028).
  registerInputGuard(app);
  // Development also takes the other loopback names of PUBLIC_ORIGIN; production exactly it (decision 0025).
  const origins = formOrigins(config);
  registerSameOriginCheck(app, origins);
  // A suspended company's seller console is read-only (decision 0076).
  registerConsoleWriteMark(app);

  // No real money moves with the sandbox: every page and e-mail says so (decision 0066).
  const sandboxPayments = paymentProvider
    ? paymentProvider instanceof SandboxPaymentProvider
    : config.paymentsProvider === 'sandbox';
  const mailer = createMailer({
    db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
    testPayments: sandboxPayments,
  });
  app.register(publicConfigRoutes, { paymentsProvider: sandboxPayments ? 'sandbox' : 'stripe' });
  // Signed-in users resolved in the last seconds, forgotten in every process when a session ends (decision 0100).
  const sessions = new SessionCache(config.sessionCache);
  registerSessionEnds(app, db, sessions, config.sessionCache.ttlMs);
  const auth = createAuth({
    db,
    secret: config.authSecret,
    publicOrigin: config.publicOrigin,
    trustedOrigins: origins,
    mailer,
    log: app.log,
    sessionsChanged: sessionEnds(db, sessions, app.log),
  });
  const identity = {
    db,
    auth,
    limiter: new RateLimiter(db, undefined, config.rateLimitScale, config.rateLimitOverrides),
    sessions,
  };
  // Each route's `config.access` (session, {userId}, role, rate limit) is enforced here, once (decision 0033).
  registerAccess(app, identity);

  // Swagger must be registered before the routes so that it sees them.
  registerOpenApi(app, config.publicOrigin);
  app.register(systemRoutes, { db, readiness });
  // Prometheus text, only for a caller with METRICS_TOKEN (decision 0095).
  app.register(metricsRoutes, { metrics, token: config.metricsToken });
  app.register(catalogRoutes, { db, featureOverrides: config.featureOverrides });
  app.register(eventsRoutes, { db, featureOverrides: config.featureOverrides });
  app.register(lotsRoutes, { db, featureOverrides: config.featureOverrides });
  app.register(sellersRoutes, { db });
  app.register(sellerResultsRoutes, { db });
  app.register(cmsRoutes, { db, featureOverrides: config.featureOverrides });
  // The Terms of Use in force and a user's agreement to them (decision 0084).
  app.register(termsRoutes, { db });
  app.register(sitemapRoutes, { db });
  app.register(searchRoutes, { db: searchDb, featureOverrides: config.featureOverrides });
  app.register(searchEventsRoutes, { db: searchDb });
  app.register(fillersRoutes, { db: searchDb, featureOverrides: config.featureOverrides });
  app.register(facetsRoutes, { db: searchDb, featureOverrides: config.featureOverrides });
  // Server-Sent Events of lot changes; this process's one LISTEN (decision 0039).
  app.register(liveRoutes, { db, live: config.live, registry: metrics.registry });
  // Read once per process (about 17,700 places; docs/benchmarks.md has its load time and memory).
  app.register(placesRoutes, { gazetteer: shippedGazetteer() });
  app.register(platformRoutes, { db, featureOverrides: config.featureOverrides });

  app.register(identityRoutes, identity);
  app.register(usersRoutes, identity);
  app.register(accountRoutes, identity);
  app.register(watchlistRoutes, identity);
  app.register(biddingReadsRoutes, { ...identity, featureOverrides: config.featureOverrides });
  app.register(messagingRoutes, {
    ...identity,
    mailer,
    publicOrigin: config.publicOrigin,
    featureOverrides: config.featureOverrides,
  });
  app.register(bidsRoutes, { db, mailer, publicOrigin: config.publicOrigin, outcomes: metrics.bids });
  const signingKey = policyKey(config.authSecret);
  const storage = uploadStorageFor(config, signingKey);
  const local = config.s3 ? undefined : { filesDir: config.filesDir, signingKey };
  app.register(uploadsRoutes, { ...identity, storage, local, quota: config.uploadQuota });
  // Photos and attachments for anyone; private uploads only for their owner and staff (decision 0027).
  app.register(filesRoutes, {
    ...identity,
    storage,
    filesDir: config.filesDir,
    imageCacheDir: config.imageCacheDir,
    imageCache: metrics.imageCache,
  });
  app.register(taxExemptionsRoutes, { ...identity, storage });
  // Staff user administration: search, roles, disable, password reset (decision 0075).
  app.register(staffUsersRoutes, identity);
  // Staff category management and the former-slug read of the category browse route (decision 0077).
  app.register(staffCategoriesRoutes, { db });
  app.register(staffCatalogRoutes, { db });
  // Staff company administration: suspend and reactivate, the commission override (decision 0076).
  app.register(staffCompaniesRoutes, { db, mailer, publicOrigin: config.publicOrigin });
  // The marketplace's default commission, which publishing freezes on each event (decision 0078).
  app.register(staffCommissionRoutes, { db });
  // Staff content: featured sellers, filler sections and home rows, Terms of Use versions (decision 0084).
  app.register(staffContentRoutes, { db, featureOverrides: config.featureOverrides });
  // The seller console's company: profile (logo through the uploads above), members, invitations (decision 0048).
  app.register(sellerCompanyRoutes, { db, mailer, publicOrigin: config.publicOrigin, storage });
  // Seller onboarding: a user applies, staff approve (the company is created) or decline (decision 0074).
  app.register(sellerApplicationsRoutes, { db, mailer, publicOrigin: config.publicOrigin });
  app.register(sellerLotsRoutes, { db, storage });
  app.register(sellerEventsRoutes, { db, storage });
  app.register(lotDocumentRoutes, { db, storage });
  app.register(sellerImportRoutes, { db, storage, quota: config.uploadQuota, publicOrigin: config.publicOrigin });
  // Cards: Stripe or the sandbox as config.paymentsProvider says (decision 0066); this API serves the sandbox's pages.
  // Its events (Stripe's signed webhook; the sandbox's in-process delivery) go to the orders module (decision 0044).
  const mail = { mailer, publicOrigin: config.publicOrigin, featureOverrides: config.featureOverrides };
  // A late success is refunded through the provider built just below (decision 0071).
  const onPaymentEvent = paymentEventHandler({ db, mail, log: app.log, refundsThrough: () => provider });
  const provider: PaymentProvider = paymentProvider ?? createPaymentProvider(db, config, onPaymentEvent);
  if (provider instanceof SandboxPaymentProvider) {
    provider.deliverEventsTo(async (event) => void (await onPaymentEvent('sandbox', event)));
    if (!paymentProvider) app.register(sandboxRoutes, { sandbox: provider });
  }
  app.register(paymentsRoutes, {
    ...identity,
    provider,
    publicOrigin: config.publicOrigin,
    afterCardsChange: recomputeVerified,
  });
  // Orders, their PDFs, the seller's approval and fulfilment, order threads (issue 15, decision 0043).
  const orders = {
    ...identity,
    provider,
    mailer,
    publicOrigin: config.publicOrigin,
    featureOverrides: config.featureOverrides,
  };
  app.register(ordersRoutes, orders);
  app.register(sellerOrdersRoutes, orders);
  app.register(refundRoutes, orders);
  app.register(unpaidOrdersRoutes, orders);
  // Paying orders (decision 0044).
  app.register(orderPaymentsRoutes, { db, provider, mail, featureOverrides: config.featureOverrides });
  // The receiving bank account per currency: wire is offered only where staff set one (decision 0070).
  app.register(wireAccountsRoutes, { db });
  // Provider events refused or money taken for a failed attempt, for staff (decision 0071).
  app.register(paymentAlertsRoutes, { db });
  // The audit log of staff writes (decision 0073).
  app.register(auditRoutes, { db });
  // Seller payouts, refunds across orders and the marketplace's revenue, for staff (decision 0079).
  // Sellers' connected accounts: Stripe Connect, else the sandbox, whose onboarding page this API serves (0090).
  const connect = createConnectProvider(db, config);
  const publicOrigin = config.publicOrigin;
  app.register(payoutRoutes, { db, provider: createPayoutProvider(config), connect, publicOrigin });
  if (connect instanceof SandboxConnectProvider) app.register(sandboxConnectRoutes, { sandbox: connect });
  // One order for staff, and the order search; staff cancel and refund through the orders routes (decision 0091).
  app.register(staffOrdersRoutes, { db, featureOverrides: config.featureOverrides });
  app.register(paymentWebhookRoutes, { onEvent: onPaymentEvent, secret: config.stripeWebhookSecret });
  app.register(sellerReserveRoutes, { db, mail, featureOverrides: config.featureOverrides });
  // Registration to bid and its deposit hold, on the same provider (decision 0037).
  app.register(registrationsRoutes, { ...identity, provider, mailer, publicOrigin: config.publicOrigin });
  // Staff's bidder review queue with risk signals, and the auto-approval rules (decision 0080).
  app.register(bidderReviewRoutes, { db });
  // Running an event in the seller console: registrations, bids, the live table (decision 0052).
  app.register(sellerRunRoutes, { db, provider, mailer, publicOrigin: config.publicOrigin });
  // Staff run events and lots across companies; withdrawals release deposit holds (decisions 0081, 0082).
  app.register(staffEventsRoutes, { db, provider, mailer, publicOrigin: config.publicOrigin, log: app.log });
  // Sealed tenders and their award (issue 15; decision 0047).
  app.register(tendersRoutes, {
    db,
    provider,
    mailer,
    publicOrigin: config.publicOrigin,
    featureOverrides: config.featureOverrides,
  });
  // Best offers: the buyer's and the seller's answers; an accepted offer is charged on the same provider (decision 0046).
  app.register(offersRoutes, {
    db,
    mailer,
    publicOrigin: config.publicOrigin,
    provider,
    featureOverrides: config.featureOverrides,
  });
  // Buy now: the purchase, then the charge on the same provider (decision 0045).
  const featureOverrides = config.featureOverrides;
  app.register(purchasesRoutes, { db, provider, mailer, publicOrigin: config.publicOrigin, featureOverrides });
  // Other people's activation and reset links: only on a developer's machine (decisions 0009, 0070), never in
  // a staging or test deployment.
  if (mailer.kind === 'outbox' && config.nodeEnv === 'development') app.register(outboxRoutes, { db });
  return app;
}

export type App = ReturnType<typeof buildApp>;

/** Uploads go to S3 when it is configured, else to the embedded storage under FILES_DIR (decision 0012). */
export function uploadStorageFor(config: Config, signingKey: Buffer): UploadStorage {
  return config.s3
    ? new S3UploadStorage(s3ClientFor(config.s3), config.s3.bucket, undefined, {
        ...config.s3,
        publicOrigin: config.publicOrigin,
      })
    : new LocalUploadStorage(config.publicOrigin, signingKey, config.filesDir);
}

import type { Database } from '@lotline/db';
import type { FastifyBaseLogger } from 'fastify';
import { uploadStorageFor } from './app';
import type { Config } from './config';
import { registerIdempotencySweep } from './lib/http/sweep-idempotency-keys';
import type { JobRunner } from './lib/jobs/job-runner';
import { registerLotClock } from './modules/closing/lot-clock';
import { ImageResizer } from './modules/files/resize-image';
import { registerMailDelivery } from './modules/mail/deliver-mail';
import { createMailer } from './modules/mail/mailer';
import { createSmtpTransport } from './modules/mail/smtp-transport';
import { registerOfferExpiry } from './modules/offers/expire-offers';
import { registerApprovalExpiry } from './modules/orders/expire-order-approvals';
import { registerUnpaidOrderExpiry } from './modules/orders/expire-unpaid-orders';
import { paymentEventHandler } from './modules/orders/payment/payment-events';
import { registerStuckPaymentResolution } from './modules/orders/payment/resolve-stuck-payments';
import { registerAuctionSettlement } from './modules/orders/payment/settle-auction-order';
import { registerSecondChanceExpiry } from './modules/orders/second-chance';
import { createPaymentProvider } from './modules/payments/create-provider';
import type { PaymentProvider } from './modules/payments/provider';
import { createPayoutProvider } from './modules/payouts/create-payout-provider';
import { registerPayoutRelease } from './modules/payouts/release-payouts';
import { registerDepositRenewal } from './modules/registrations/renew-deposits';
import { registerDepositSettlement } from './modules/registrations/settle-deposits';
import { registerSearchClock } from './modules/search/search-clock';
import { registerImportPhotos } from './modules/seller-import/process-import-photos';
import { registerLotChangeAnnouncements } from './modules/seller-lots/announce-lot-changes';
import { registerIdleDepositRelease } from './modules/staff-events/release-idle-deposits';
import { registerExpirySweep } from './modules/tax-exemptions/expire-tax-exemptions';
import { registerTenderAwardExpiry } from './modules/tenders/expire-tender-awards';
import { policyKey } from './modules/uploads/local-policy';
import { registerUploadSweep } from './modules/uploads/sweep-unreferenced-uploads';

/**
 * Every job of the API (decision 0031), registered on the runner main.ts
 * starts: the search count clock, the tax-exemption expiry sweep, the sweep of
 * unreferenced uploads (decision 0027), the lot lifecycle clock and its precise
 * close jobs (decision 0038), deposit renewal and settlement (decision 0037),
 * the hourly sweep of old idempotency keys (decision 0035), the offer expiry
 * sweep every minute (decision 0046), the payment window and the second chances (decision 0061) and, with SMTP_URL, the mail worker (decision 0028; without SMTP mail stays
 * in the outbox).
 */
export function registerJobs(jobs: JobRunner, deps: { db: Database; config: Config; logger: FastifyBaseLogger }) {
  const { db, config, logger } = deps;
  registerSearchClock(jobs, db);
  registerExpirySweep(jobs, db);
  registerUploadSweep(jobs, db, uploadStorageFor(config, policyKey(config.authSecret as string)), logger);
  const testPayments = config.paymentsProvider === 'sandbox';
  const mailer = createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: logger, testPayments });
  registerLotClock(
    jobs,
    db,
    { mailer, publicOrigin: config.publicOrigin, featureOverrides: config.featureOverrides },
    logger,
  );
  // Deposit holds: renewal before they lapse, settlement once an event is finalized (decision 0037).
  const mail = { mailer, publicOrigin: config.publicOrigin, featureOverrides: config.featureOverrides };
  const onEvent = paymentEventHandler({ db, mail, log: logger, refundsThrough: () => provider });
  const provider: PaymentProvider = createPaymentProvider(db, config, onEvent);
  const deposits = {
    db,
    provider,
    mailer,
    publicOrigin: config.publicOrigin,
    log: logger,
  };
  registerDepositRenewal(jobs, deposits);
  registerDepositSettlement(jobs, deposits);
  // Holds nothing open needs before the event closes: a withdrawn last lot, a disabled bidder (decision 0081).
  registerIdleDepositRelease(jobs, deposits);
  // Auction orders: the deposit captured toward the order, the rest charged (decision 0044).
  registerAuctionSettlement(jobs, { db, provider: deposits.provider, mail });
  // Card charges left `processing` past 30 minutes, checked with the provider every 5 minutes (decision 0071).
  registerStuckPaymentResolution(jobs, { db, provider, mail, log: logger });
  registerIdempotencySweep(jobs, db);
  registerTenderAwardExpiry(jobs, {
    db,
    mailer,
    publicOrigin: config.publicOrigin,
    featureOverrides: config.featureOverrides,
  });
  // Best offers and counters past their 48 hours (decision 0046).
  registerOfferExpiry(jobs, db, { mailer, publicOrigin: config.publicOrigin });
  // Buy-now orders the seller did not approve within 2 business days (issue 15, decision 0043).
  const orderMail = { mailer, publicOrigin: config.publicOrigin, featureOverrides: config.featureOverrides };
  registerApprovalExpiry(jobs, { db, ...orderMail }, logger);
  // Approved orders not paid within the payment window, and the runner-up's 48 hours (decision 0061).
  registerUnpaidOrderExpiry(jobs, { db, ...orderMail }, logger);
  registerSecondChanceExpiry(jobs, db, logger);
  // A published lot's changes told to its bidders, offerers, tenderers, buyers and watchers (decision 0064).
  registerLotChangeAnnouncements(jobs, { db, mailer, publicOrigin: config.publicOrigin }, logger);
  // Imported lots' photos: URL photos fetched, every photo's card and page sizes resized (decision 0051).
  registerImportPhotos(jobs, {
    db,
    storage: uploadStorageFor(config, policyKey(config.authSecret as string)),
    resizer: new ImageResizer(config.imageCacheDir),
    quota: config.uploadQuota,
    allowPrivateUrls: config.importPhotoPrivateUrls,
  });
  // Sellers' payouts past the refund window, by Stripe Connect transfer where the company has an account (decision 0079).
  registerPayoutRelease(jobs, { db, provider: createPayoutProvider(config) }, logger);
  if (config.smtpUrl) {
    registerMailDelivery(jobs, db, createSmtpTransport(config.smtpUrl), { from: config.mailFrom }, logger);
  }
}

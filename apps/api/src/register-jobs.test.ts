import type { Database } from '@lotline/db';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { testConfig } from './config';
import type { JobOptions, JobRunner } from './lib/jobs/job-runner';
import { registerJobs } from './register-jobs';

/** The API's jobs and their periods, the same as before the job runner (decision 0031). */

function recorder() {
  const registered: { name: string; everySeconds: number | undefined }[] = [];
  const jobs = {
    register: (name: string, _handler: unknown, options: JobOptions = {}) => {
      registered.push({ name, everySeconds: options.everySeconds });
    },
  } as unknown as JobRunner;
  return { jobs, registered };
}

// Registering touches neither the database nor SMTP.
const db = {} as Database;
const logger = pino({ level: 'silent' });

describe('the jobs of the API', () => {
  it('are the search clock every minute, the expiry sweep every 15 minutes, the upload sweep hourly, the lot clock every 15 seconds and its precise close jobs, deposit renewal every 15 minutes, deposit settlement every 30 seconds, the idle deposit release every 30 seconds, the auction order settlement (sent), the stuck card payments every 5 minutes, the idempotency-key sweep hourly, the tender award expiry every 5 minutes, the offer expiry every minute, the order approval deadline every 5 minutes, the payment window and the second chances every 5 minutes, the lot-change announcements every minute, the imported photos every 2 seconds and the payout release every 15 minutes', () => {
    const { jobs, registered } = recorder();
    registerJobs(jobs, { db, config: testConfig(), logger });
    expect(registered).toEqual([
      { name: 'search-clock', everySeconds: 60 },
      { name: 'tax-exemption-expiry', everySeconds: 15 * 60 },
      { name: 'upload-sweep', everySeconds: 60 * 60 },
      { name: 'lot-clock', everySeconds: 15 },
      { name: 'close-lot', everySeconds: undefined },
      { name: 'deposit-renewal', everySeconds: 15 * 60 },
      { name: 'deposit-settlement', everySeconds: 30 },
      { name: 'release-idle-deposits', everySeconds: 30 },
      { name: 'settle-auction-order', everySeconds: undefined },
      { name: 'resolve-stuck-payments', everySeconds: 5 * 60 },
      { name: 'idempotency-sweep', everySeconds: 60 * 60 },
      { name: 'expire-tender-awards', everySeconds: 5 * 60 },
      { name: 'expire-offers', everySeconds: 60 },
      { name: 'expire-order-approvals', everySeconds: 5 * 60 },
      { name: 'expire-unpaid-orders', everySeconds: 5 * 60 },
      { name: 'expire-second-chances', everySeconds: 5 * 60 },
      { name: 'announce-lot-changes', everySeconds: 60 },
      { name: 'seller-import-photos', everySeconds: 2 },
      { name: 'release-payouts', everySeconds: 15 * 60 },
    ]);
  });

  it('with SMTP_URL, add the mail worker every 5 seconds', () => {
    const { jobs, registered } = recorder();
    registerJobs(jobs, { db, config: testConfig({ smtpUrl: 'smtp://127.0.0.1:2525' }), logger });
    expect(registered.at(-1)).toEqual({ name: 'mail-delivery', everySeconds: 5 });
    expect(registered).toHaveLength(20);
  });
});

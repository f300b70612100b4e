import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { errorEnvelope } from '@lotline/contracts';
import { uploads } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';
import { send } from '../account/test-helpers';
import { get, ORIGIN, signUpUser } from '../identity/test-helpers';
import { uploadFile } from '../tax-exemptions/test-helpers';
import { policyKey, signPolicy } from './local-policy';
import { LocalUploadStorage } from './local-storage';
import { sweepUnreferencedUploads } from './sweep-unreferenced-uploads';
import { multipartBody, pngBytes } from './test-helpers';

/** Per-user upload quotas and the sweep of unreferenced uploads (decision 0027). */

const QUOTA = { dailyBytes: 1000, totalBytes: 1500 };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { uploadQuota: QUOTA } });
});
afterAll(() => t.close());

const firstError = (res: { json(): unknown }) => errorEnvelope.parse(res.json()).errors[0];

const askPolicy = (cookie: string, size: number) =>
  get(t, url('/ars/api/file-upload', { filename: 'p.png', size: String(size), application: 'marketplace' }), cookie);

function postFile(fields: Record<string, string>, content: Buffer) {
  const { payload, contentType } = multipartBody(fields, { filename: 'p.png', content, type: 'image/png' });
  return t.app.inject({
    method: 'POST',
    url: '/ars/api/file-storage',
    headers: { 'content-type': contentType, origin: ORIGIN },
    payload,
  });
}

const storedKeys = async () =>
  (await readdir(t.config.filesDir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(t.config.filesDir, path.join(e.parentPath, e.name)));

/** An upload recorded `hoursAgo` hours ago by the database's clock. */
async function recordUpload(userId: string, size: number, hoursAgo: number, referenced = false) {
  const key = `uploads/marketplace/${userId}/${crypto.randomUUID()}.png`;
  await t.db.insert(uploads).values({
    key,
    userId,
    size,
    referenced,
    createdAt: sql`now() - make_interval(hours => ${hoursAgo})`,
  });
  return key;
}

describe('upload quotas', () => {
  it('refuses a policy past the daily limit with 413 naming it, and records nothing', async () => {
    const user = await signUpUser(t);
    expect((await askPolicy(user.cookie, 600)).statusCode).toBe(200);
    const res = await askPolicy(user.cookie, 600);
    expect(res.statusCode).toBe(413);
    expect(firstError(res)).toMatchObject({
      code: 'UPLOAD_QUOTA_EXCEEDED',
      field: 'size',
      message: expect.stringMatching(/daily upload limit of 1000 bytes/),
    });
    const rows = await t.db.select().from(uploads).where(eq(uploads.userId, user.id));
    expect(rows.map((r) => r.size)).toEqual([600]);
    // What still fits is given.
    expect((await askPolicy(user.cookie, 400)).statusCode).toBe(200);
  });

  it('refuses a policy asked for from another site, and records nothing', async () => {
    const user = await signUpUser(t);
    const res = await t.app.inject({
      method: 'GET',
      url: url('/ars/api/file-upload', { filename: 'p.png', size: '600', application: 'marketplace' }),
      headers: { cookie: user.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(firstError(res)?.code).toBe('FORBIDDEN');
    expect(await t.db.select().from(uploads).where(eq(uploads.userId, user.id))).toEqual([]);
  });

  it('counts only the last 24 hours against the daily limit, and everything kept against the total', async () => {
    const user = await signUpUser(t);
    await recordUpload(user.id, 900, 30, true);
    expect((await askPolicy(user.cookie, 500)).statusCode).toBe(200);
    const res = await askPolicy(user.cookie, 200);
    expect(res.statusCode).toBe(413);
    expect(firstError(res)?.message).toMatch(/storage limit of 1500 bytes \(1400 bytes used\)/);
  });

  it('enforces the quota again at the storage POST and keeps nothing', async () => {
    const user = await signUpUser(t);
    const policy = await askPolicy(user.cookie, 300);
    expect(policy.statusCode).toBe(200);
    const fields = policy.json().data.fields as Record<string, string>;
    // Meanwhile other uploads of this user were recorded (another policy, S3, a lowered limit…).
    await recordUpload(user.id, 800, 0);
    const res = await postFile(fields, pngBytes(300));
    expect(res.statusCode).toBe(413);
    expect(firstError(res)?.code).toBe('UPLOAD_QUOTA_EXCEEDED');
    expect(await storedKeys()).not.toContain(fields.key);
  });

  it('refuses a POST for a key the server never recorded', async () => {
    const user = await signUpUser(t);
    const fields = signPolicy(policyKey(t.config.authSecret as string), {
      key: `uploads/marketplace/${user.id}/00000000-0000-4000-8000-000000000009.png`,
      contentType: 'image/png',
      size: 100,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const res = await postFile(fields, pngBytes(100));
    expect(res.statusCode).toBe(403);
    expect(await storedKeys()).not.toContain(fields.key);
  });
});

describe('the sweep of unreferenced uploads', () => {
  it('deletes uploads older than 24 hours that nothing refers to, with their files, and keeps the rest', async () => {
    const user = await signUpUser(t);
    const storage = new LocalUploadStorage(ORIGIN, policyKey(t.config.authSecret as string), t.config.filesDir);
    const old = await uploadFile(t, user.cookie, 'old.png', pngBytes(100));
    const young = await uploadFile(t, user.cookie, 'young.png', pngBytes(100));
    const certificate = await uploadFile(t, user.cookie, 'certificate.png', pngBytes(100));
    const submitted = await send(
      t,
      'POST',
      '/ars/api/v2/identity/tax-exemptions/user',
      { fileKey: certificate, region: 'TX' },
      { cookie: user.cookie },
    );
    expect(submitted.statusCode, submitted.body).toBe(201);
    const neverStored = await recordUpload(user.id, 100, 25);
    await t.db
      .update(uploads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(sql`${uploads.key} in (${old}, ${certificate})`);

    expect(await sweepUnreferencedUploads(t.db, storage)).toBe(2);

    const left = (await t.db.select({ key: uploads.key }).from(uploads).where(eq(uploads.userId, user.id))).map(
      (r) => r.key,
    );
    expect(left.sort()).toEqual([certificate, young].sort());
    expect(left).not.toContain(neverStored);
    const files = await storedKeys();
    expect(files).not.toContain(old);
    expect(files).toContain(young);
    expect(files).toContain(certificate);
    // Nothing left to do.
    expect(await sweepUnreferencedUploads(t.db, storage)).toBe(0);
  });
});

import { users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../test/app';
import { url } from '../../test/app';
import { get, ORIGIN, signUpUser } from '../identity/test-helpers';
import { multipartBody } from '../uploads/test-helpers';

/** Helpers for the tax-exemption tests: certificates uploaded through the real two-step flow. */

export const pdfBytes = (size = 400) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x20)]);

/** Uploads a file as the user (GET the policy, POST it to the embedded storage); returns its key. */
export async function uploadFile(
  t: TestApp,
  cookie: string,
  filename = 'certificate.pdf',
  content: Buffer = pdfBytes(),
) {
  const policy = await get(
    t,
    url('/ars/api/file-upload', { filename, size: String(content.length), application: 'marketplace' }),
    cookie,
  );
  if (policy.statusCode !== 200) throw new Error(`policy refused: ${policy.body}`);
  const target = policy.json().data as { url: string; fields: Record<string, string> };
  const { payload, contentType } = multipartBody(target.fields, { filename, content });
  const stored = await t.app.inject({
    method: 'POST',
    url: new URL(target.url).pathname,
    headers: { 'content-type': contentType, origin: ORIGIN },
    payload,
  });
  if (stored.statusCode !== 204) throw new Error(`upload refused: ${stored.body}`);
  return target.fields.key as string;
}

export async function signUpStaff(t: TestApp) {
  const staff = await signUpUser(t, { name: 'Sam Staff' });
  await t.db
    .update(users)
    .set({ roles: ['staff'] })
    .where(eq(users.id, staff.id));
  return staff;
}

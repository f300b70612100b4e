import { errorEnvelope } from '@lotline/contracts';
import { taxExemptions } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';
import { send } from '../account/test-helpers';
import { get, signUpUser } from '../identity/test-helpers';
import { pngBytes } from '../uploads/test-helpers';
import { signUpStaff, uploadFile } from './test-helpers';

const BASE = '/ars/api/v2/identity/tax-exemptions';
const USER = `${BASE}/user`;

let t: TestApp;
let user: { id: string; cookie: string; email: string };
let other: { id: string; cookie: string };
let staff: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  [user, other, staff] = [await signUpUser(t), await signUpUser(t), await signUpStaff(t)];
});
afterAll(() => t.close());

const firstError = (res: { json(): unknown }) => errorEnvelope.parse(res.json()).errors[0];
const rowsOf = async (userId: string) =>
  t.db.select({ id: taxExemptions.id }).from(taxExemptions).where(eq(taxExemptions.userId, userId));
const submit = (cookie: string, body: unknown, origin?: string) =>
  send(t, 'POST', USER, body, { cookie, ...(origin ? { origin } : {}) });

describe('submitting a certificate and the contract read', () => {
  it('creates an exemption in review and lists it in the contract shape, newest first', async () => {
    const first = await uploadFile(t, user.cookie, 'resale-tx.pdf');
    const second = await uploadFile(t, user.cookie, 'resale-on.png', pngBytes(300));
    const a = await submit(user.cookie, { fileKey: first, region: 'tx' });
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json().data.taxExemption).toMatchObject({ status: 'in-review', region: 'TX', expiresAt: null });
    const b = await submit(user.cookie, { fileKey: second, region: 'ON' });
    expect(b.statusCode, b.body).toBe(201);

    const res = await get(t, url(USER, { documentId: user.id, documentType: 'user', sort: '-createdAt' }), user.cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json().data.taxExemptions as Record<string, unknown>[];
    expect(list.map((e) => e.region)).toEqual(['ON', 'TX']);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(
      ['_id', 'createdAt', 'documentId', 'documentType', 'expiresAt', 'fileUrl', 'region', 'status'].sort(),
    );
    expect(list[1]).toMatchObject({
      _id: a.json().data.taxExemption._id,
      status: 'in-review',
      documentType: 'user',
      documentId: user.id,
      fileUrl: `http://localhost:3000/files/${first}`,
      expiresAt: null,
    });
    // Without parameters: the signed-in user's own.
    expect((await get(t, USER, user.cookie)).json().data.taxExemptions).toHaveLength(2);
    // The certificate is served at its fileUrl, to its owner only (decision 0027).
    const file = await get(t, `/files/${first}`, user.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, no-store');
  });

  it('refuses a visitor with 401', async () => {
    expect((await get(t, USER)).statusCode).toBe(401);
    const res = await send(t, 'POST', USER, { fileKey: 'x', region: 'TX' });
    expect(res.statusCode).toBe(401);
  });

  it("refuses another user's exemptions with 403, and lets staff read any", async () => {
    const mine = url(USER, { documentId: user.id, documentType: 'user' });
    const res = await get(t, mine, other.cookie);
    expect(res.statusCode).toBe(403);
    expect(firstError(res)?.code).toBe('FORBIDDEN');
    const asStaff = await get(t, mine, staff.cookie);
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.json().data.taxExemptions).toHaveLength(2);
  });

  it('refuses bad query parameters with 400', async () => {
    for (const params of [{ sort: 'createdAt' }, { documentType: 'lot' }, { page: '2' }]) {
      const res = await get(t, url(USER, params), user.cookie);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
    }
  });

  it('refuses a submission from another origin (CSRF) and stores nothing', async () => {
    const key = await uploadFile(t, other.cookie);
    const res = await submit(other.cookie, { fileKey: key, region: 'TX' }, 'https://evil.example');
    expect(res.statusCode).toBe(403);
    expect(await rowsOf(other.id)).toEqual([]);
  });

  it('answers 400 with a clear message to bad input, and stores nothing', async () => {
    const mine = await uploadFile(t, other.cookie);
    const theirs = await uploadFile(t, user.cookie);
    const sheet = await uploadFile(t, other.cookie, 'list.csv', Buffer.from('a,b\n1,2\n'));
    const cases: [string, unknown, string, string][] = [
      ['no file', { region: 'TX' }, 'fileKey', 'Upload the certificate first.'],
      ['an empty file key', { fileKey: '', region: 'TX' }, 'fileKey', 'Upload the certificate first.'],
      ['no region', { fileKey: mine }, 'region', 'Choose the state or province the certificate was issued for.'],
      ['an unknown region', { fileKey: mine, region: 'ZZ' }, 'region', 'Choose the state or province'],
      ["another user's file", { fileKey: theirs, region: 'TX' }, 'fileKey', 'That file is not one you uploaded.'],
      ['a key never issued', { fileKey: 'uploads/../../etc/passwd', region: 'TX' }, 'fileKey', 'not one you uploaded'],
      [
        'an upload that never finished',
        { fileKey: mine.replace(/[0-9a-f-]{36}/, '00000000-0000-4000-8000-000000000000'), region: 'TX' },
        'fileKey',
        'did not finish',
      ],
      ['a file of another type', { fileKey: sheet, region: 'TX' }, 'fileKey', 'must be a PDF, JPG or PNG'],
      ['an unknown field', { fileKey: mine, region: 'TX', status: 'active' }, 'status', ''],
    ];
    for (const [name, body, field, message] of cases) {
      const res = await submit(other.cookie, body);
      expect(res.statusCode, name).toBe(400);
      expect(firstError(res), name).toMatchObject({ code: 'VALIDATION_FAILED', field });
      expect(firstError(res)?.message, name).toContain(message);
    }
    expect(await rowsOf(other.id)).toEqual([]);
  });

  it('refuses the same file twice with 409', async () => {
    const key = await uploadFile(t, other.cookie);
    expect((await submit(other.cookie, { fileKey: key, region: 'NY' })).statusCode).toBe(201);
    const again = await submit(other.cookie, { fileKey: key, region: 'NY' });
    expect(again.statusCode).toBe(409);
    expect(await rowsOf(other.id)).toHaveLength(1);
  });
});

describe('staff review', () => {
  const review = (cookie: string, status?: string) => get(t, url(`${BASE}/review`, { status }), cookie);
  const act = (cookie: string, id: string, action: 'approve' | 'revoke', body: unknown, origin?: string) =>
    send(t, 'POST', `${BASE}/${id}/${action}`, body, { cookie, ...(origin ? { origin } : {}) });

  it('is for staff only: 401 for a visitor, 403 for a user, and nothing changes', async () => {
    const [row] = await rowsOf(user.id);
    const id = row?.id ?? '';
    expect((await get(t, `${BASE}/review`)).statusCode).toBe(401);
    expect((await review(user.cookie)).statusCode).toBe(403);
    expect((await act(user.cookie, id, 'approve', {})).statusCode).toBe(403);
    expect((await act(user.cookie, id, 'revoke', { note: 'no' })).statusCode).toBe(403);
    expect((await act(staff.cookie, id, 'approve', {}, 'https://evil.example')).statusCode).toBe(403);
    const [after] = await t.db.select().from(taxExemptions).where(eq(taxExemptions.id, id));
    expect(after).toMatchObject({ status: 'in-review', reviewedBy: null });
  });

  it('lists the queue with the users, approves with an expiry and revokes with a note', async () => {
    const queue = (await review(staff.cookie)).json().data.taxExemptions as {
      _id: string;
      user: { email: string };
      createdAt: string;
    }[];
    expect(queue.length).toBeGreaterThanOrEqual(3);
    expect(queue.some((e) => e.user.email === user.email)).toBe(true);
    // Oldest first.
    expect([...queue].sort((a, b) => a.createdAt.localeCompare(b.createdAt))).toEqual(queue);
    const [first, second] = queue;

    const badDate = await act(staff.cookie, first?._id ?? '', 'approve', { expiresOn: '2001-01-01' });
    expect(badDate.statusCode).toBe(400);
    expect(firstError(badDate)).toMatchObject({
      field: 'expiresOn',
      message: 'The expiry date must be in the future.',
    });
    const noNote = await act(staff.cookie, first?._id ?? '', 'revoke', { note: '  ' });
    expect(noNote.statusCode).toBe(400);
    expect(firstError(noNote)?.message).toBe('Say why the exemption is revoked.');

    const approved = await act(staff.cookie, first?._id ?? '', 'approve', {});
    expect(approved.statusCode, approved.body).toBe(200);
    const active = approved.json().data.taxExemption;
    expect(active.status).toBe('active');
    const days = (Date.parse(active.expiresAt) - Date.parse(active.createdAt)) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(367);
    expect((await act(staff.cookie, first?._id ?? '', 'approve', {})).statusCode).toBe(409);

    const revoked = await act(staff.cookie, second?._id ?? '', 'revoke', {
      note: 'Certificate is for another company',
    });
    expect(revoked.json().data.taxExemption.status).toBe('revoked');
    expect((await act(staff.cookie, second?._id ?? '', 'approve', {})).statusCode).toBe(409);

    const listed = (await review(staff.cookie, 'revoked')).json().data.taxExemptions;
    expect(listed).toEqual([
      expect.objectContaining({
        _id: second?._id,
        reviewNote: 'Certificate is for another company',
        reviewedBy: expect.any(String),
      }),
    ]);
    expect((await review(staff.cookie, 'active')).json().data.taxExemptions.map((e: { _id: string }) => e._id)).toEqual(
      [first?._id],
    );
    expect((await act(staff.cookie, 'no-such-id', 'revoke', { note: 'x' })).statusCode).toBe(404);
  });
});

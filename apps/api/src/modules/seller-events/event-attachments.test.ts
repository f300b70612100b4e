import { eventAttachments, events, uploads } from '@lotline/db/schema';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';
import { get, ORIGIN } from '../identity/test-helpers';
import { sellerOf } from '../messaging/test-helpers';
import { pdfBytes } from '../tax-exemptions/test-helpers';
import { multipartBody } from '../uploads/test-helpers';
import { api, type Caller, codes, createDraft, eventBody, eventPath, sellerScene } from './test-helpers';

/**
 * An event's attachments are uploads (decision 0085): stored with the upload's key, name, size
 * and type; read by anyone only while the event is open to buyers; older typed-in links stay as
 * they were, and no new link is taken.
 */

let t: TestApp;
let s: Awaited<ReturnType<typeof sellerScene>>;
beforeAll(async () => {
  t = await createTestApp();
  s = await sellerScene(t);
});
afterAll(() => t.close());

/** Uploads through the two routes, as the browser does; `companyId` charges the company. */
async function upload(who: { cookie: string }, filename: string, content: Buffer, companyId?: string) {
  const query = { filename, size: String(content.length), application: 'marketplace' };
  const policy = await get(t, url('/ars/api/file-upload', companyId ? { ...query, companyId } : query), who.cookie);
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

const catalog = (companyId = s.company.id) => upload(s.seller, 'catalog.pdf', pdfBytes(700), companyId);
const storedRows = (eventId: string) =>
  t.db
    .select()
    .from(eventAttachments)
    .where(eq(eventAttachments.eventId, eventId))
    .orderBy(asc(eventAttachments.position));
const uploadRow = async (key: string) => (await t.db.select().from(uploads).where(eq(uploads.key, key)))[0];
const fileAs = (path: string, who: Caller) =>
  t.app.inject({ method: 'GET', url: path, headers: who ? { cookie: who.cookie } : {} });

describe('event attachments through the upload contract', () => {
  it('stores an uploaded file with its name, size and type, and keeps the upload', async () => {
    const key = await catalog();
    const event = await createDraft(t, s.seller, s.company.id, {
      attachments: [{ uploadId: key, fileName: 'Catalogue 2026.pdf', description: 'Catalogue' }],
    });
    const read = await api.get(t, s.seller, eventPath(event._id));
    expect(read.json().data.attachments).toEqual([
      {
        url: `/files/${key}`,
        description: 'Catalogue',
        uploadId: key,
        fileName: 'Catalogue 2026.pdf',
        size: 700,
        contentType: 'application/pdf',
      },
    ]);
    expect(await uploadRow(key)).toMatchObject({ referenced: true, visibility: 'private', companyId: s.company.id });
  });

  it('serves the file to anyone only while the event is open to buyers; its company always', async () => {
    const key = await catalog();
    const event = await createDraft(t, s.seller, s.company.id, {
      attachments: [{ uploadId: key, fileName: 'catalog.pdf', description: '' }],
    });
    const path = `/files/${key}`;
    expect((await fileAs(path, null)).statusCode).toBe(404);
    expect((await fileAs(path, s.buyer)).statusCode).toBe(404);
    expect((await fileAs(path, s.other)).statusCode).toBe(404);
    expect((await fileAs(path, s.seller)).statusCode).toBe(200);
    // Open to buyers (as publishing leaves it; publishing's own checks are not this test's).
    await t.db.update(events).set({ status: 'published' }).where(eq(events.id, event._id));
    const open = await fileAs(path, null);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('public, max-age=300');
    const detail = await get(t, `/marketplace/api/event/events/${event._id}`);
    expect(detail.json().data.event.attachments).toEqual([
      expect.objectContaining({ url: path, fileName: 'catalog.pdf', size: 700, contentType: 'application/pdf' }),
    ]);
  });

  it('refuses a new typed link, an upload of someone else, of no company, of another type, or renamed; nothing changes', async () => {
    const event = await createDraft(t, s.seller, s.company.id);
    const before = await storedRows(event._id);
    const others = await upload(s.other, 'catalog.pdf', pdfBytes(300), undefined);
    const uncharged = await upload(s.seller, 'catalog.pdf', pdfBytes(300));
    const otherCompany = await upload(s.other, 'c.pdf', pdfBytes(300), undefined);
    // A video's policy alone: the type is refused before the file is looked for.
    const videoPolicy = await get(
      t,
      url('/ars/api/file-upload', {
        filename: 'tour.mp4',
        size: '300',
        application: 'marketplace',
        companyId: s.company.id,
      }),
      s.seller.cookie,
    );
    const video = videoPolicy.json().data.fields.key as string;
    const good = await catalog();
    const cases: [unknown, string][] = [
      [{ url: 'https://example.com/new.pdf', description: '' }, 'VALIDATION_FAILED attachments.0.url'],
      [{ uploadId: others, description: '' }, 'VALIDATION_FAILED attachments.0.uploadId'],
      [{ uploadId: uncharged, description: '' }, 'VALIDATION_FAILED attachments.0.uploadId'],
      [{ uploadId: otherCompany, description: '' }, 'VALIDATION_FAILED attachments.0.uploadId'],
      [{ uploadId: good, fileName: 'catalog.exe', description: '' }, 'VALIDATION_FAILED attachments.0.fileName'],
      [{ uploadId: good, url: `/files/${good}`, description: '' }, 'VALIDATION_FAILED attachments.0.uploadId'],
      [{ description: 'nothing' }, 'VALIDATION_FAILED attachments.0.uploadId'],
      [{ uploadId: 'uploads/marketplace/x/y.pdf', description: '' }, 'VALIDATION_FAILED attachments.0.uploadId'],
      [{ uploadId: video, description: '' }, 'VALIDATION_FAILED attachments.0.uploadId'],
    ];
    for (const [attachment, code] of cases) {
      const res = await api.put(t, s.seller, eventPath(event._id), eventBody({ attachments: [attachment] }));
      expect(res.statusCode, JSON.stringify(attachment)).toBe(400);
      expect(codes(res)).toContain(code);
      expect(res.json().errors[0].message).toMatch(/\w/);
    }
    expect(await storedRows(event._id)).toEqual(before);
    expect((await uploadRow(good))?.referenced).toBe(false);
  });

  it('keeps an older typed-in link as it was, refuses another, and releases an upload taken off', async () => {
    const key = await catalog();
    const event = await createDraft(t, s.seller, s.company.id, {
      attachments: [{ uploadId: key, fileName: 'catalog.pdf', description: 'Catalogue' }],
    });
    // An attachment typed in before uploads (the table's rows from then have no upload).
    await t.db.insert(eventAttachments).values({
      id: `evt_att_old_${event._id}`,
      eventId: event._id,
      url: 'https://example.com/site-map.pdf',
      description: 'Site map',
      position: 1,
    });
    const read = (await api.get(t, s.seller, eventPath(event._id))).json().data;
    expect(read.attachments[1]).toEqual({
      url: 'https://example.com/site-map.pdf',
      description: 'Site map',
      uploadId: null,
      fileName: null,
      size: null,
      contentType: null,
    });
    // The form sends back what it shows: the link stays, the upload is taken off.
    const kept = await api.put(
      t,
      s.seller,
      eventPath(event._id),
      eventBody({ attachments: [{ url: 'https://example.com/site-map.pdf', description: 'Site plan' }] }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.attachments).toEqual([
      expect.objectContaining({ description: 'Site plan', uploadId: null }),
    ]);
    expect((await uploadRow(key))?.referenced).toBe(false);
    const changed = await api.put(
      t,
      s.seller,
      eventPath(event._id),
      eventBody({ attachments: [{ url: 'https://example.com/other.pdf', description: '' }] }),
    );
    expect(changed.statusCode).toBe(400);
    expect(codes(changed)).toEqual(['VALIDATION_FAILED attachments.0.url']);
  });

  it('lets a colleague resave the event with the attachments another seller uploaded', async () => {
    const key = await catalog();
    const event = await createDraft(t, s.seller, s.company.id, {
      attachments: [{ uploadId: key, fileName: 'catalog.pdf', description: 'Catalogue' }],
    });
    const colleague = await sellerOf(t, s.company.id, 'Cole League');
    const res = await api.put(
      t,
      colleague,
      eventPath(event._id),
      eventBody({ attachments: [{ uploadId: key, fileName: 'catalog.pdf', description: 'Catalogue, revised' }] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedRows(event._id)).map((r) => [r.uploadKey, r.description, r.size])).toEqual([
      [key, 'Catalogue, revised', 700],
    ]);
  });
});

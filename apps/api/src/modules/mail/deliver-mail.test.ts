import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { queryRows } from '@lotline/db';
import { mailOutbox } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { newEmail, PASSWORD, post } from '../identity/test-helpers';
import { deliverPendingMail } from './deliver-mail';
import { createMailer, type MailMessage } from './mailer';
import { createSmtpTransport, type MailTransport } from './smtp-transport';

/** Mail goes through the outbox and the worker (decision 0028): requests never talk to SMTP. */

/** A minimal SMTP server that records what it receives (enough of RFC 5321 for nodemailer without TLS). */
function fakeSmtpServer() {
  const received: string[] = [];
  const server: Server = createServer((socket) => {
    let inData = false;
    let data = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      for (const line of chunk.toString('utf8').split('\r\n')) {
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(data);
            data = '';
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        if (line === '') continue;
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return { server, received };
}

/** A server that accepts connections and never says a word (a hung mail server). */
function silentServer() {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
  });
  const close = () => {
    for (const s of sockets) s.destroy();
  };
  return { server, sockets, close };
}

async function listen(server: Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as { port: number }).port;
}

const FROM = 'Lotline <no-reply@lotline.test>';
const silent = pino({ level: 'silent' });

interface Row extends Record<string, unknown> {
  status: string;
  attempts: number;
  last_error: string | null;
  wait_s: number;
  text: string;
  html: string;
}

const rowOf = async (t: TestApp, id: string) =>
  (
    await queryRows<Row>(
      t.db,
      sql`select status, attempts, last_error, text, html, extract(epoch from next_attempt_at - now())::float8 as wait_s
          from mail_outbox where id = ${id}`,
    )
  )[0];

/** Moves a row's next attempt into the past: the database clock "passes" the backoff. */
const makeDue = (t: TestApp, id: string) =>
  t.db.execute(sql`update mail_outbox set next_attempt_at = now() - interval '1 second' where id = ${id}`);

describe('a request that sends mail', () => {
  const hung = silentServer();
  let t: TestApp;
  beforeAll(async () => {
    const port = await listen(hung.server);
    t = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    hung.close();
    hung.server.close();
    await t.close();
  });

  it('answers without contacting the SMTP server (which hangs) and leaves the mail pending', async () => {
    const email = newEmail();
    const res = await post(t, '/marketplace-api/auth/sign-up', { email, password: PASSWORD, name: 'Pat' });
    expect(res.statusCode).toBe(202);
    expect(hung.sockets).toHaveLength(0);
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', attempts: 0, subject: 'Activate your Lotline account' });
  });
});

describe('the mail worker', () => {
  const smtp = fakeSmtpServer();
  let port = 0;
  let t: TestApp;
  const message = (to: string): MailMessage => ({
    to,
    subject: 'Hello there',
    text: 'Plain body',
    html: '<p>HTML</p>',
  });
  const queue = async (to: string) => {
    await createMailer({ db: t.db, smtpUrl: 'smtp://x', log: silent }).send(message(to));
    const [row] = await t.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, to));
    if (!row) throw new Error('not queued');
    return row.id;
  };
  beforeAll(async () => {
    port = await listen(smtp.server);
    t = await createTestApp();
  });
  afterAll(async () => {
    smtp.server.close();
    await t.close();
  });
  beforeEach(async () => {
    // Each test sees only its own mail.
    await t.db.execute(sql`update mail_outbox set status = 'sent' where status = 'pending'`);
  });

  it('delivers pending mail through SMTP, with text and HTML parts, once', async () => {
    const to = newEmail();
    const id = await queue(to);
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`);
    expect(await deliverPendingMail(t.db, transport, { from: FROM })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const raw = smtp.received.at(-1) ?? '';
    expect(raw).toMatch(new RegExp(`^To: ${to.replace(/[.]/g, '\\.')}$`, 'm'));
    expect(raw).toMatch(/^From: Lotline <no-reply@lotline\.test>$/m);
    expect(raw).toMatch(/^Subject: Hello there$/m);
    expect(raw).toContain('Plain body');
    expect(raw).toContain('<p>HTML</p>');
    // The stored body (it may hold a sign-in link) is dropped once delivered.
    expect(await rowOf(t, id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null, text: '', html: '' });
    expect(await deliverPendingMail(t.db, transport, { from: FROM })).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it('attaches the stored files (the invoice PDF), then drops them with the body', async () => {
    const to = newEmail();
    const pdf = Buffer.from('%PDF-1.3 demo invoice');
    await createMailer({ db: t.db, smtpUrl: 'smtp://x', log: silent }).send({
      ...message(to),
      attachments: [{ filename: 'LL-100001-invoice.pdf', contentType: 'application/pdf', content: pdf }],
    });
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    expect(row?.attachments).toEqual([
      { filename: 'LL-100001-invoice.pdf', contentType: 'application/pdf', contentBase64: pdf.toString('base64') },
    ]);
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`);
    expect(await deliverPendingMail(t.db, transport, { from: FROM })).toMatchObject({ sent: 1 });
    const raw = smtp.received.at(-1) ?? '';
    expect(raw).toMatch(/Content-Type: application\/pdf; name=LL-100001-invoice\.pdf/);
    expect(raw).toContain(pdf.toString('base64'));
    const [after] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    expect(after?.attachments).toEqual([]);
  });

  it('retries after a failure with exponential backoff on the database clock, then delivers', async () => {
    const id = await queue(newEmail());
    let calls = 0;
    let fail = true;
    const flaky: MailTransport = {
      async sendMail() {
        calls++;
        if (fail) throw new Error('421 try again later');
      },
    };
    const options = { from: FROM, baseDelayS: 30 };
    expect(await deliverPendingMail(t.db, flaky, options)).toMatchObject({ retrying: 1 });
    const first = await rowOf(t, id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, last_error: '421 try again later' });
    expect(first?.wait_s).toBeGreaterThan(25);
    expect(first?.wait_s).toBeLessThanOrEqual(30);
    // Not due yet: nothing is sent.
    expect(await deliverPendingMail(t.db, flaky, options)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(calls).toBe(1);
    await makeDue(t, id);
    await deliverPendingMail(t.db, flaky, options);
    const second = await rowOf(t, id);
    expect(second?.attempts).toBe(2);
    // Twice the first wait.
    expect(second?.wait_s).toBeGreaterThan(55);
    expect(second?.wait_s).toBeLessThanOrEqual(60);
    fail = false;
    await makeDue(t, id);
    expect(await deliverPendingMail(t.db, flaky, options)).toMatchObject({ sent: 1 });
    expect(await rowOf(t, id)).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
  });

  it('gives up after the last attempt and records the error', async () => {
    const id = await queue(newEmail());
    const broken: MailTransport = {
      async sendMail() {
        throw new Error('550 mailbox unavailable');
      },
    };
    const options = { from: FROM, maxAttempts: 3 };
    for (let i = 0; i < 3; i++) {
      await makeDue(t, id);
      await deliverPendingMail(t.db, broken, options);
    }
    expect(await rowOf(t, id)).toMatchObject({ status: 'failed', attempts: 3, last_error: '550 mailbox unavailable' });
    await makeDue(t, id);
    expect(await deliverPendingMail(t.db, broken, options)).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it('a hung SMTP server fails the attempt on its timeout instead of holding the worker', async () => {
    const hung = silentServer();
    const hungPort = await listen(hung.server);
    try {
      const id = await queue(newEmail());
      const transport = createSmtpTransport(`smtp://127.0.0.1:${hungPort}`, { greetingTimeout: 200 });
      expect(await deliverPendingMail(t.db, transport, { from: FROM })).toMatchObject({ retrying: 1 });
      expect((await rowOf(t, id))?.last_error).toMatch(/greeting/i);
    } finally {
      hung.close();
      hung.server.close();
    }
  });
});

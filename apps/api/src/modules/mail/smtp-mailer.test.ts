import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from './smtp-mailer';

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

describe('SMTP mailer', () => {
  const smtp = fakeSmtpServer();
  let port = 0;
  beforeAll(async () => {
    smtp.server.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    port = (smtp.server.address() as { port: number }).port;
  });
  afterAll(() => smtp.server.close());

  it('delivers the message with text and HTML parts to the SMTP server', async () => {
    const mailer = createSmtpMailer(
      `smtp://127.0.0.1:${port}`,
      'Lotline <no-reply@lotline.test>',
      pino({ level: 'silent' }),
    );
    expect(mailer.kind).toBe('smtp');
    await mailer.send({ to: 'pat@example.com', subject: 'Hello there', text: 'Plain body', html: '<p>HTML body</p>' });
    expect(smtp.received).toHaveLength(1);
    const raw = smtp.received[0] ?? '';
    expect(raw).toMatch(/^To: pat@example\.com$/m);
    expect(raw).toMatch(/^From: Lotline <no-reply@lotline\.test>$/m);
    expect(raw).toMatch(/^Subject: Hello there$/m);
    expect(raw).toContain('Plain body');
    expect(raw).toContain('<p>HTML body</p>');
  });

  it('fails loudly when the server cannot be reached', async () => {
    const mailer = createSmtpMailer('smtp://127.0.0.1:1', 'Lotline <no-reply@lotline.test>', pino({ level: 'silent' }));
    await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't', html: 'h' })).rejects.toThrow();
  });
});

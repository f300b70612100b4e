import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { newEmail, PASSWORD, post } from '../identity/test-helpers';

describe('GET /marketplace-api/dev/outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { nodeEnv: 'development' } });
  });
  afterAll(() => t.close());

  it('lists stored mail, newest first, in development when there is no SMTP server', async () => {
    const first = newEmail();
    const second = newEmail();
    await post(t, '/marketplace-api/auth/sign-up', { email: first, password: PASSWORD, name: 'First' });
    await post(t, '/marketplace-api/auth/sign-up', { email: second, password: PASSWORD, name: 'Second' });
    const res = await t.app.inject({ method: 'GET', url: '/marketplace-api/dev/outbox' });
    expect(res.statusCode).toBe(200);
    const { messages } = res.json().data;
    expect(messages.map((m: { to: string }) => m.to)).toEqual([second, first]);
    expect(messages[0]).toMatchObject({ subject: 'Activate your Lotline account', createdAt: expect.any(String) });
    expect(messages[0].html).toContain('<a href="http://localhost:3000/account/activate?token=');
  });

  it.each([
    ['in production', { nodeEnv: 'production' as const }],
    // A staging or test deployment (decision 0070): only a developer's machine shows other people's mail.
    ['with NODE_ENV=test', { nodeEnv: 'test' as const }],
    ['when mail goes to an SMTP server', { nodeEnv: 'development' as const, smtpUrl: 'smtp://127.0.0.1:4199' }],
  ])('does not exist %s', async (_, config) => {
    const other = await createTestApp({ config });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/marketplace-api/dev/outbox' });
      expect(res.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});

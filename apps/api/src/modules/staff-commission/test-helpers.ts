import type { TestApp } from '../../test/app';
import { freshIp, ORIGIN } from '../identity/test-helpers';

export const STAFF_COMMISSION = '/marketplace-api/staff/commission';

export const putCommission = (t: TestApp, cookie: string | undefined, body: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: STAFF_COMMISSION,
    headers: {
      origin: ORIGIN,
      'x-forwarded-for': freshIp(),
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

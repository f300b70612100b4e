import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { send } from '../../account/test-helpers';
import { VISA } from '../../payments/test-helpers';
import { bidder } from '../../registrations/test-helpers';
import { createOrderFor } from './test-orders';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { featureOverrides: { CAD_WIRE_TRANSFER: true } } });
});
afterAll(() => t.close());

it('CAD_WIRE_TRANSFER on: a CAD order may be paid by wire, with the CAD account in the instructions', async () => {
  const buyer = await bidder(t, undefined, VISA);
  const order = await createOrderFor(t, buyer.id, { currency: 'CAD' });
  const res = await send(t, 'POST', `/marketplace-api/users/${buyer.id}/orders/${order.id}/wire`, undefined, buyer);
  expect(res.statusCode).toBe(200);
  expect(res.json().data.order.paymentKind).toBe('wire');
  expect(res.json().data.order.wireInstructions.join('\n')).toContain('Northern Maple Bank');
});

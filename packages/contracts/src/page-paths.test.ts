import { describe, expect, it } from 'vitest';
import {
  activationPath,
  messageThreadPath,
  orderPagePath,
  orderPdfPath,
  paymentSetupReturnPath,
  resetPasswordPath,
  sellerEventPath,
  sellerInvitationPath,
} from './page-paths';

describe('page paths shared by the API and the web', () => {
  it('puts tokens and ids into the query or path percent-encoded', () => {
    expect(activationPath('a.b_c-d')).toBe('/account/activate?token=a.b_c-d');
    expect(activationPath('a+b/c=')).toBe('/account/activate?token=a%2Bb%2Fc%3D');
    expect(resetPasswordPath('x y')).toBe('/reset-password?token=x%20y');
    expect(paymentSetupReturnPath('pms_1&2')).toBe('/account/payment-methods/return?setup=pms_1%262');
    expect(sellerInvitationPath('aB3_-x/y')).toBe('/seller/invitations?token=aB3_-x%2Fy');
  });

  it('links a conversation on the side that reads it', () => {
    expect(messageThreadPath('buyer', 'c1')).toBe('/account/messages/c1');
    expect(messageThreadPath('seller', 'c/1')).toBe('/seller/messages/c%2F1');
  });

  it('links an order and its PDF on the side that reads it', () => {
    expect(orderPagePath('buyer', 'ord_1')).toBe('/account/orders/ord_1');
    expect(orderPdfPath('buyer', 'ord/1', 'u 1')).toBe('/marketplace-api/users/u%201/orders/ord%2F1/invoice.pdf');
    expect(orderPdfPath('seller', 'ord_1', 'u1')).toBe('/marketplace-api/seller/orders/ord_1/invoice.pdf');
  });

  it('links a seller’s event form', () => {
    expect(sellerEventPath('ev_1')).toBe('/seller/events/ev_1');
    expect(sellerEventPath('ev/1')).toBe('/seller/events/ev%2F1');
  });
});

import { describe, expect, it } from 'vitest';
import { companyInvitationMail, companyInvitationSignUpMail } from './company';

const facts = {
  companyName: 'Acme & Sons',
  role: 'staff' as const,
  invitedBy: 'Olive',
  expiresAt: new Date('2026-12-08T10:00:00Z'),
};

describe('company invitation mails', () => {
  it('to an account: who invited them as what, accept or decline, the expiry in UTC, the token link', () => {
    const mail = companyInvitationMail(
      { email: 'ivy@b.test', name: 'Ivy', activated: true },
      facts,
      'https://lotline.test/seller/invitations?token=tok',
    );
    expect(mail.to).toBe('ivy@b.test');
    expect(mail.subject).toBe('Join Acme & Sons on Lotline');
    expect(mail.text).toContain('Hello Ivy,');
    expect(mail.text).toContain('Olive invited you to join Acme & Sons on Lotline as a staff member.');
    expect(mail.text).toContain('Dec 8, 2026');
    expect(mail.text).toContain('Accept or decline the invitation: https://lotline.test/seller/invitations?token=tok');
    expect(mail.text).not.toContain('must be activated');
    expect(mail.html).toContain('Acme &amp; Sons');
  });

  it('to an account not activated yet: says to activate it first', () => {
    const mail = companyInvitationMail({ email: 'u@b.test', name: 'Una', activated: false }, facts, 'https://x.test/i');
    expect(mail.text).toContain('Your account must be activated first');
  });

  it('to an address without an account: the sign-up link first, then the invitation link', () => {
    const mail = companyInvitationSignUpMail('new@b.test', facts, {
      signUp: 'https://lotline.test/signup?next=%2Fseller%2Finvitations%3Ftoken%3Dtok',
      invitation: 'https://lotline.test/seller/invitations?token=tok',
    });
    expect(mail.subject).toBe('Join Acme & Sons on Lotline');
    expect(mail.text).toContain('create a Lotline account with this e-mail address');
    expect(mail.text).toContain(
      'Create your account: https://lotline.test/signup?next=%2Fseller%2Finvitations%3Ftoken%3Dtok',
    );
    expect(mail.text).toContain('The invitation itself: https://lotline.test/seller/invitations?token=tok');
  });
});

import { describe, expect, it } from 'vitest';
import { companyInvitationMail, memberAddedMail } from './company';

describe('company member mails', () => {
  it('member added: subject, who added them as what, the console link', () => {
    const mail = memberAddedMail(
      { email: 'nia@b.test', name: 'Nia' },
      { companyName: 'Acme & Sons', role: 'owner', invitedBy: 'Olive' },
      'https://lotline.test/seller',
    );
    expect(mail.to).toBe('nia@b.test');
    expect(mail.subject).toBe('You were added to Acme & Sons on Lotline');
    expect(mail.text).toContain('Olive added you to Acme & Sons as an owner.');
    expect(mail.text).toContain('Open the seller console: https://lotline.test/seller');
    expect(mail.html).toContain('Acme &amp; Sons');
  });

  it('invitation: subject, role, expiry in UTC, the token link', () => {
    const mail = companyInvitationMail(
      'ivy@b.test',
      { companyName: 'Acme', role: 'staff', invitedBy: 'Olive', expiresAt: new Date('2026-12-08T10:00:00Z') },
      'https://lotline.test/seller/invitations?token=tok',
    );
    expect(mail.subject).toBe('Join Acme on Lotline');
    expect(mail.text).toContain('Olive invited you to join Acme on Lotline as a staff member.');
    expect(mail.text).toContain('Dec 8, 2026');
    expect(mail.text).toContain('Join the company: https://lotline.test/seller/invitations?token=tok');
  });
});

import { describe, expect, it } from 'vitest';
import { activationMail, changeEmailMail, existingAccountMail, passwordResetMail } from './account';
import { mailWithAction } from './mail-with-action';
import { newMessageMail } from './new-message';

const URL = 'https://lotline.test/account/activate?token=t1';

describe('mailWithAction', () => {
  it('writes the greeting, the lines and the link as text, and the same escaped as HTML', () => {
    const mail = mailWithAction('a@b.test', 'Subject', 'Ann & Bob', ['One <line>.'], ['Go', 'https://x.test/?a=1&b=2']);
    expect(mail).toEqual({
      to: 'a@b.test',
      subject: 'Subject',
      text: 'Hello Ann & Bob,\n\nOne <line>.\n\nGo: https://x.test/?a=1&b=2\n\n— Lotline',
      html: [
        '<p>Hello Ann &amp; Bob,</p>',
        '<p>One &lt;line&gt;.</p>',
        '<p><a href="https://x.test/?a=1&amp;b=2">Go</a></p>',
        '<p>— Lotline</p>',
      ].join('\n'),
    });
  });
});

describe('account mails', () => {
  it('activation: subject, validity and link', () => {
    const mail = activationMail('a@b.test', 'Ann', URL);
    expect(mail.subject).toBe('Activate your Lotline account');
    expect(mail.text).toBe(
      [
        'Hello Ann,',
        '',
        'Thank you for signing up. Confirm that this is your e-mail address to activate your account.',
        'The link is valid for 24 hours. If you did not sign up, ignore this message.',
        '',
        `Activate my account: ${URL}`,
        '',
        '— Lotline',
      ].join('\n'),
    );
  });

  it('change of e-mail: subject and link', () => {
    const mail = changeEmailMail('new@b.test', 'Ann', URL);
    expect(mail.subject).toBe('Confirm your new e-mail address');
    expect(mail.text).toContain(
      'You asked to use this address for your Lotline account. Confirm it to make the change.',
    );
    expect(mail.text).toContain(`Confirm my new address: ${URL}`);
  });

  it('password reset: subject, the one-hour validity and link', () => {
    const mail = passwordResetMail('a@b.test', 'Ann', 'https://lotline.test/reset-password?token=t2');
    expect(mail.subject).toBe('Reset your Lotline password');
    expect(mail.text).toContain('The link is valid for 1 hour and works once.');
    expect(mail.text).toContain('Choose a new password: https://lotline.test/reset-password?token=t2');
  });

  it('existing account: links the sign-in and forgot-password pages of the origin', () => {
    const mail = existingAccountMail('a@b.test', 'Ann', 'https://lotline.test');
    expect(mail.subject).toBe('Someone tried to create a Lotline account with your address');
    expect(mail.text).toContain('choose a new password if you forgot it: https://lotline.test/forgot-password');
    expect(mail.text).toContain('Sign in: https://lotline.test/login');
  });
});

describe('newMessageMail', () => {
  const base = {
    to: { email: 'ann@b.test', name: 'Ann' },
    about: 'Lathe (Spring sale)',
    from: 'Acme',
    url: 'https://lotline.test/account/messages/c1',
  };

  it('names what the conversation is about and who wrote, and links the thread', () => {
    const mail = newMessageMail({ ...base, body: 'Is it still available?' });
    expect(mail.to).toBe('ann@b.test');
    expect(mail.subject).toBe('New message about Lathe (Spring sale)');
    expect(mail.text).toBe(
      [
        'Hello Ann,',
        '',
        'Acme wrote about Lathe (Spring sale):',
        'Is it still available?',
        '',
        'Read and reply: https://lotline.test/account/messages/c1',
        '',
        '— Lotline',
      ].join('\n'),
    );
  });

  it('keeps a 500-character body whole and cuts a longer one with an ellipsis', () => {
    expect(newMessageMail({ ...base, body: 'x'.repeat(500) }).text).toContain(`\n${'x'.repeat(500)}\n`);
    expect(newMessageMail({ ...base, body: 'y'.repeat(501) }).text).toContain(`\n${'y'.repeat(500)}…\n`);
  });
});

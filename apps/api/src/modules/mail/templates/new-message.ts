import type { MailMessage } from '../mailer';
import { mailWithAction } from './mail-with-action';

/** A short excerpt of the message in the e-mail; the whole text is on the site. */
export const EXCERPT_LENGTH = 500;

export interface NewMessageMail {
  /** The recipient. */
  to: { email: string; name: string };
  /** The lot and event (or just the event) the conversation is about. */
  about: string;
  /** Who wrote: the buyer's name, or the seller company's. */
  from: string;
  body: string;
  /** The conversation's page on the recipient's side. */
  url: string;
}

/** Tells one side of a conversation that the other wrote (messaging's `notify.ts` decides who gets it). */
export function newMessageMail({ to, about, from, body, url }: NewMessageMail): MailMessage {
  const excerpt = body.length > EXCERPT_LENGTH ? `${body.slice(0, EXCERPT_LENGTH)}…` : body;
  return mailWithAction(
    to.email,
    `New message about ${about}`,
    to.name,
    [`${from} wrote about ${about}:`, excerpt],
    ['Read and reply', url],
  );
}

import type { OutboxMessage } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { type MailAttachmentRow, mailOutbox } from '@lotline/db/schema';
import { desc, eq } from 'drizzle-orm';

/** Where the local outbox serves a stored message's attachment. */
export const outboxAttachmentPath = (id: string, index: number) =>
  `/marketplace-api/dev/outbox/${encodeURIComponent(id)}/attachments/${index}`;

/** The newest stored messages first; the local mail page shows these. */
export async function listOutbox(db: Database, limit = 50): Promise<OutboxMessage[]> {
  const rows = await db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      attachments: mailOutbox.attachments,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    attachments: r.attachments.map((a, i) => ({
      filename: a.filename,
      contentType: a.contentType,
      url: outboxAttachmentPath(r.id, i),
    })),
  }));
}

/** One stored attachment of a message still in the outbox, or null. */
export async function outboxAttachment(db: Database, id: string, index: number): Promise<MailAttachmentRow | null> {
  const [row] = await db.select({ attachments: mailOutbox.attachments }).from(mailOutbox).where(eq(mailOutbox.id, id));
  return row?.attachments[index] ?? null;
}

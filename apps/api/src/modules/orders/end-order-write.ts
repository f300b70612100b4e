import type { Database, Transaction } from '@lotline/db';
import { type IdempotentAnswer, withIdempotency } from '../../lib/http/idempotency';
import { publishLotChanges } from '../live/publish-lot-changes';

/** What the routes that end an order hand over of their request. */
export interface EndOrderRequest {
  user: { id: string };
  headers: { 'idempotency-key'?: string | undefined };
  body: unknown;
}

/**
 * A seller's or staff member's write that ends an order (reject, cancel), under the request's Idempotency-Key:
 * `work` runs once, in one transaction, and names the lots whose stock came back; they are published after the
 * commit (a replayed key publishes nothing: its first request did). Answers the key's answer: 200 when the order
 * was ended (the route then presents it), else the refusal to send as it is.
 */
export async function endOrder(
  db: Database,
  request: EndOrderRequest,
  scope: string,
  work: (tx: Transaction) => Promise<string[]>,
): Promise<IdempotentAnswer> {
  let lots: string[] = [];
  const answer = await withIdempotency(
    db,
    { userId: request.user.id, key: request.headers['idempotency-key'], scope, body: request.body },
    async (tx) => {
      lots = await work(tx);
      return { status: 200, body: { status: 'success', data: {} } };
    },
  );
  if (answer.status === 200) await publishLotChanges(db, lots);
  return answer;
}

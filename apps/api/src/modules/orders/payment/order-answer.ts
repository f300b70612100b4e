import type { Order } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { presentOrder } from '../present-order';

/**
 * The contract's `order` in the payment routes' answers: the orders module's
 * one presenter, told whether wire is offered for CAD (the route read
 * CAD_WIRE_TRANSFER once for the request).
 */
export function orderAnswer(db: Executor, orderId: string, cadWireTransfer: boolean): Promise<Order | null> {
  return presentOrder(db, orderId, { CAD_WIRE_TRANSFER: cadWireTransfer });
}

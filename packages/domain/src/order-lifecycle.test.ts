import { describe, expect, it } from 'vitest';
import {
  afterOrderMove,
  canMoveMoney,
  canMoveOrder,
  HOLD_MOVES,
  hasLiveCharge,
  isAwaitingApproval,
  isFulfillable,
  isPayable,
  MONEY_MOVES,
  type MoneyMove,
  ORDER_APPROVALS,
  ORDER_FULFILMENTS,
  ORDER_MOVES,
  ORDER_RECORD_STATUSES,
  type OrderMoveName,
  type OrderState,
  orderEventLabel,
  orderStateLabel,
} from './order-lifecycle';

/** Every combination of the three values, reachable or not. */
const EVERY_STATE: OrderState[] = ORDER_RECORD_STATUSES.flatMap((status) =>
  ORDER_APPROVALS.flatMap((approval) => ORDER_FULFILMENTS.map((fulfilment) => ({ status, approval, fulfilment }))),
);

/**
 * The moves written out again by hand, from issue 15 and 25's rules, as the model the module is checked against:
 * where each move may start, and where it leads.
 */
const MODEL: Record<OrderMoveName, { starts: (s: OrderState) => boolean; leads: Partial<OrderState> }> = {
  approve: { starts: (s) => s.status === 'OrderPending' && s.approval === 'awaiting', leads: { approval: 'approved' } },
  reject: {
    starts: (s) => s.status === 'OrderPending' && s.approval === 'awaiting',
    leads: { status: 'OrderCancelled', approval: 'rejected' },
  },
  expireApproval: {
    starts: (s) => s.status === 'OrderPending' && s.approval === 'awaiting',
    leads: { status: 'OrderCancelled', approval: 'rejected' },
  },
  pay: { starts: (s) => s.status === 'OrderPending' && s.approval === 'approved', leads: { status: 'OrderPaid' } },
  receiveWire: {
    starts: (s) => s.status === 'OrderPending' && s.approval === 'approved',
    leads: { status: 'OrderPaid' },
  },
  expirePayment: {
    starts: (s) => s.status === 'OrderPending' && s.approval === 'approved',
    leads: { status: 'OrderCancelled' },
  },
  // Staff may cancel an order that still awaits the seller too; the seller rejects those instead.
  cancel: {
    starts: (s) => s.status === 'OrderPending' && s.approval !== 'rejected',
    leads: { status: 'OrderCancelled' },
  },
  ship: { starts: (s) => s.status === 'OrderPaid' && s.fulfilment === 'none', leads: { fulfilment: 'shipped' } },
  collect: { starts: (s) => s.status === 'OrderPaid' && s.fulfilment === 'none', leads: { fulfilment: 'collected' } },
};

describe('the order lifecycle', () => {
  it('has exactly the moves of the model', () => {
    expect(Object.keys(ORDER_MOVES).sort()).toEqual(Object.keys(MODEL).sort());
  });

  it.each(Object.keys(MODEL) as OrderMoveName[])(
    '%s starts and leads where the model says, from every state',
    (move) => {
      for (const state of EVERY_STATE) {
        expect(canMoveOrder(state, move), `${move} from ${JSON.stringify(state)}`).toBe(MODEL[move].starts(state));
        if (MODEL[move].starts(state)) expect(afterOrderMove(state, move)).toEqual({ ...state, ...MODEL[move].leads });
      }
    },
  );

  it('never leaves a paid or cancelled order pending again, nor a cancelled one paid', () => {
    for (const state of EVERY_STATE)
      for (const move of Object.keys(ORDER_MOVES) as OrderMoveName[]) {
        if (!canMoveOrder(state, move)) continue;
        const after = afterOrderMove(state, move);
        if (state.status !== 'OrderPending') expect(after.status).toBe(state.status);
      }
  });

  it('takes payment only for an approved, pending order', () => {
    expect(isPayable({ status: 'OrderPending', approval: 'approved' })).toBe(true);
    expect(isPayable({ status: 'OrderPending', approval: 'awaiting' })).toBe(false);
    expect(isPayable({ status: 'OrderPaid', approval: 'approved' })).toBe(false);
    expect(isPayable({ status: 'OrderCancelled', approval: 'approved' })).toBe(false);
  });

  it('awaits the seller only while pending and awaiting; hands over only a paid order not yet handed over', () => {
    for (const state of EVERY_STATE) {
      expect(isAwaitingApproval(state)).toBe(state.status === 'OrderPending' && state.approval === 'awaiting');
      expect(isFulfillable(state)).toBe(state.status === 'OrderPaid' && state.fulfilment === 'none');
    }
  });
});

describe('order labels', () => {
  it('says approval first, then payment, then the hand-over', () => {
    expect(orderStateLabel({ status: 'OrderPending', approval: 'awaiting', fulfilment: 'none' })).toBe(
      'Awaiting seller approval',
    );
    expect(orderStateLabel({ status: 'OrderPending', approval: 'approved', fulfilment: 'none' })).toBe(
      'Awaiting payment',
    );
    expect(orderStateLabel({ status: 'OrderPaid', approval: 'approved', fulfilment: 'shipped' })).toBe(
      'Paid · Shipped',
    );
    expect(orderStateLabel({ status: 'OrderPaid', approval: 'approved', fulfilment: 'collected' })).toBe(
      'Paid · Collected',
    );
    expect(orderStateLabel({ status: 'OrderCancelled', approval: 'rejected', fulfilment: 'none' })).toBe('Cancelled');
  });

  it('names history events, and shows an unknown one as written', () => {
    expect(orderEventLabel('expired')).toBe('Cancelled: not approved in time');
    expect(orderEventLabel('something-new')).toBe('something-new');
    expect(orderEventLabel('constructor')).toBe('constructor');
  });

  it('gives every move a history event with words', () => {
    for (const move of Object.values(ORDER_MOVES)) expect(orderEventLabel(move.event)).not.toBe(move.event);
  });
});

/**
 * The money rows' moves written out again by hand (issue 25): a payment attempt and a refund are decided once,
 * from `processing`; a deposit hold stands from being placed, is superseded, released or applied.
 */
describe('the money around an order', () => {
  const MONEY_MODEL = {
    paymentAttempt: {
      succeed: [['processing'], 'succeeded'],
      fail: [['processing'], 'failed'],
    },
    refund: {
      succeed: [['processing'], 'succeeded'],
      fail: [['processing'], 'failed'],
    },
    hold: {
      stand: [['failed'], 'held'],
      standApplied: [['failed'], 'applied'],
      supersede: [['held', 'applied'], 'replaced'],
      standForNothing: [['failed'], 'replaced'],
      release: [['held', 'replaced'], 'released'],
      apply: [['held'], 'applied'],
    },
  } as const;

  it.each(Object.keys(MONEY_MODEL) as (keyof typeof MONEY_MODEL)[])(
    '%s: exactly the model’s moves, each from exactly its statuses; any other move or name is refused',
    (kind) => {
      const { statuses, moves } = MONEY_MOVES[kind];
      const model = MONEY_MODEL[kind] as Record<string, readonly [readonly string[], string]>;
      expect(Object.keys(moves).sort()).toEqual(Object.keys(model).sort());
      for (const [move, [from, to]] of Object.entries(model)) {
        expect((moves as Record<string, MoneyMove<string>>)[move]?.to).toBe(to);
        for (const status of statuses)
          expect(
            canMoveMoney(moves as Record<string, MoneyMove<string>>, status, move),
            `${kind} ${move} from ${status}`,
          ).toBe(from.includes(status));
      }
      for (const status of statuses) {
        expect(canMoveMoney(moves as Record<string, MoneyMove<string>>, status, 'refund')).toBe(false);
        expect(canMoveMoney(moves as Record<string, MoneyMove<string>>, status, 'toString')).toBe(false);
      }
    },
  );

  it('never moves a decided attempt or refund again, nor a released hold', () => {
    for (const kind of ['paymentAttempt', 'refund'] as const)
      for (const move of Object.values(MONEY_MOVES[kind].moves)) expect(move.from).toEqual(['processing']);
    for (const move of Object.values(HOLD_MOVES)) expect(move.from).not.toContain('released');
  });

  it('has a live charge while a card charge is out or went through', () => {
    expect(hasLiveCharge([{ kind: 'charge', status: 'processing' }])).toBe(true);
    expect(hasLiveCharge([{ kind: 'charge', status: 'succeeded' }])).toBe(true);
    expect(
      hasLiveCharge([
        { kind: 'charge', status: 'failed' },
        { kind: 'wire', status: 'succeeded' },
      ]),
    ).toBe(false);
    expect(hasLiveCharge([{ kind: 'deposit-capture', status: 'processing' }])).toBe(false);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 25: `modules/orders/` is the only writer of orders, and an order's state (status, approval, fulfilment)
 * moves only through `changeOrder`; each money row around an order has one writer too (a payment attempt
 * `change-payment.ts`, a refund `refund-order.ts`, a deposit hold `change-hold.ts`), which moves it through the
 * lifecycle's tables. This test reads every API source that is not a test and names each write found outside
 * the files allowed to make it, as file:line.
 */

const SRC = fileURLToPath(new URL('../../', import.meta.url));

/** Each kind of write and the files (relative to apps/api/src) that may make it. */
const WRITERS: { what: string; pattern: RegExp; allowed: string[] }[] = [
  {
    what: 'creates an order',
    pattern: /\.insert\(orders\)|insert\s+into\s+orders\b/i,
    allowed: ['modules/orders/create-order.ts'],
  },
  {
    what: 'updates an order',
    pattern: /\.update\(orders\)|update\s+orders\b/i,
    allowed: ['modules/orders/change-order.ts', 'modules/orders/order-records.ts'],
  },
  { what: 'deletes an order', pattern: /\.delete\(orders\)|delete\s+from\s+orders\b/i, allowed: [] },
  {
    what: "writes an order's history",
    pattern: /\.insert\(orderHistory\)|insert\s+into\s+order_history\b/i,
    allowed: ['modules/orders/create-order.ts', 'modules/orders/change-order.ts', 'modules/orders/order-records.ts'],
  },
  {
    // A refund and its parts are money records: one writer keeps them within what was paid (decision 0062).
    what: 'writes a refund',
    pattern:
      /\.(insert|update|delete)\((orderRefunds|orderRefundParts)\)|(insert\s+into|update|delete\s+from)\s+order_refund(_part)?s\b/i,
    allowed: ['modules/orders/refund-order.ts'],
  },
  {
    // A payment attempt moves only through PAYMENT_ATTEMPT_MOVES (issue 25).
    what: 'writes a payment attempt',
    pattern: /\.(insert|update|delete)\(orderPayments\)|(insert\s+into|update|delete\s+from)\s+order_payments\b/i,
    allowed: ['modules/orders/payment/change-payment.ts'],
  },
  {
    // A deposit hold moves only through HOLD_MOVES (issue 25).
    what: 'writes a deposit hold',
    pattern: /\.(insert|update|delete)\(depositHolds\)|(insert\s+into|update|delete\s+from)\s+deposit_holds\b/i,
    allowed: ['modules/registrations/change-hold.ts'],
  },
];

/** The state's columns, which only the lifecycle's writer sets (order-records.ts sets the payment facts). */
const STATE_COLUMN = /\b(status|approval|fulfilment)\s*:/;

/** Tests and their helpers (`test-helpers.ts`, `test/`) set up rows directly; they are not the product. */
const isTest = (file: string) =>
  /\.(test|spec)\.ts$/.test(file) || /(^|\/)test\//.test(file) || /(^|\/)test-[\w-]+\.ts$/.test(file);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The writes of `text` (a file at `file`, relative to apps/api/src) that it may not make. */
export function strayOrderWrites(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      WRITERS.filter((w) => w.pattern.test(line) && !w.allowed.includes(file)).map(
        (w) => `${file}:${i + 1} ${w.what}: ${line.trim()}`,
      ),
    );
}

describe('the writers of orders and of the money around them (issue 25)', () => {
  const files = sources(SRC)
    .map((path) => relative(SRC, path).split('\\').join('/'))
    .filter((file) => !isTest(file));

  it('only modules/orders writes orders and their history; each money row has its one writer', () => {
    const stray = files.flatMap((file) => strayOrderWrites(file, readFileSync(join(SRC, file), 'utf8')));
    expect(stray).toEqual([]);
  });

  it('only change-order.ts sets an order’s status, approval or fulfilment', () => {
    const text = readFileSync(join(SRC, 'modules/orders/order-records.ts'), 'utf8');
    const sets = [...text.matchAll(/\.set\(\{([^}]*)\}/g)].map((m) => m[1] ?? '');
    expect(sets.length).toBeGreaterThan(0);
    for (const set of sets) expect(set).not.toMatch(STATE_COLUMN);
  });

  it('names a write outside its files', () => {
    expect(strayOrderWrites('modules/payments/x.ts', 'await tx.update(orders).set({ status })')).toEqual([
      'modules/payments/x.ts:1 updates an order: await tx.update(orders).set({ status })',
    ]);
    expect(strayOrderWrites('modules/orders/fulfil-order.ts', 'await tx.insert(orderHistory).values(x)')).toHaveLength(
      1,
    );
    expect(strayOrderWrites('modules/orders/change-order.ts', '.update(orders)')).toEqual([]);
    expect(strayOrderWrites('modules/payments/x.ts', 'await tx.update(orderRefundParts).set(x)')).toHaveLength(1);
    expect(strayOrderWrites('modules/orders/refund-order.ts', 'await tx.insert(orderRefunds).values(x)')).toEqual([]);
    expect(strayOrderWrites('modules/orders/payment/charge-order.ts', '.update(orderPayments)')).toHaveLength(1);
    expect(strayOrderWrites('modules/registrations/hold-attempt.ts', 'update deposit_holds set')).toHaveLength(1);
  });
});

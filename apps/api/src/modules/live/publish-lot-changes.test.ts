import { randomUUID } from 'node:crypto';
import { createTestDatabase } from '@lotline/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LotChangeListener, listenLotChanges } from './listen-lot-changes';
import { notifyPayloads, publishLotChanges } from './publish-lot-changes';

/** Console lots have UUID ids (`lot_` + 36 characters): 200 of them passed NOTIFY's 8,000-byte cap. */
const consoleIds = (n: number) => Array.from({ length: n }, () => `lot_${randomUUID()}`);

describe('notifyPayloads', () => {
  it('cuts any number of ids into payloads under 8,000 bytes, every id once and in order', () => {
    const ids = [...consoleIds(1_000), ...Array.from({ length: 500 }, (_, i) => `lot_${i}`)];
    const payloads = notifyPayloads(ids);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8_000);
    expect(payloads.flatMap((p) => (JSON.parse(p) as { ids: string[] }).ids)).toEqual(ids);
    expect(notifyPayloads([])).toEqual([]);
  });
});

describe('publishLotChanges', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let listener: LotChangeListener;
  const heard: string[] = [];
  beforeAll(async () => {
    handle = await createTestDatabase();
    const quiet = { warn() {}, info() {} };
    listener = await listenLotChanges(handle.db, {
      changed: (ids) => heard.push(...ids),
      reconnected() {},
      log: quiet,
    });
  });
  afterAll(async () => {
    await listener?.stop();
    await handle?.cleanup();
  });

  it('announces 500 console lots at once (an event of 500 lots published)', async () => {
    const ids = consoleIds(500);
    await publishLotChanges(handle.db, ids);
    for (let i = 0; i < 250 && heard.length < ids.length; i++) await new Promise((r) => setTimeout(r, 20));
    expect([...heard].sort()).toEqual([...ids].sort());
  });
});

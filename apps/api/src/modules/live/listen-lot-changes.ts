import type { Database } from '@lotline/db';
import { type ChannelListener, listenChannel } from '../../lib/pg-listen';
import { LOT_CHANGES_CHANNEL } from './publish-lot-changes';

export interface LotChangeHandlers {
  /** Lots changed (a notification's ids). */
  changed(lotIds: string[]): void;
  /** Events were paused or resumed (a notification's `eventIds`, decision 0093). */
  eventsChanged?(eventIds: string[]): void;
  /** The connection came back after a loss: notifications sent meanwhile are lost. */
  reconnected(): void;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

export type LotChangeListener = ChannelListener;

const strings = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];

/** A notification's lot ids (`{ids}`) and paused or resumed events (`{eventIds}`); anything else is none. */
function parsePayload(payload: string | undefined): { ids: string[]; eventIds: string[] } {
  try {
    const parsed = JSON.parse(payload ?? '') as { ids?: unknown; eventIds?: unknown };
    return { ids: strings(parsed?.ids), eventIds: strings(parsed?.eventIds) };
  } catch {
    return { ids: [], eventIds: [] };
  }
}

function deliver(handlers: LotChangeHandlers, payload: string | undefined): void {
  const { ids, eventIds } = parsePayload(payload);
  if (ids.length > 0) handlers.changed(ids);
  if (eventIds.length > 0) handlers.eventsChanged?.(eventIds);
}

/**
 * The process's ONE listener on `LOT_CHANGES_CHANNEL` (decision 0039), on
 * `lib/pg-listen.ts`: reconnected with backoff when lost. While it is down the
 * app still serves (current state on connect, heartbeats); changes flow once
 * it is back, and `reconnected` reads every followed lot again.
 */
export function listenLotChanges(db: Database, handlers: LotChangeHandlers): Promise<LotChangeListener> {
  return listenChannel(db, LOT_CHANGES_CHANNEL, 'live', {
    notified: (payload) => deliver(handlers, payload),
    reconnected: () => handlers.reconnected(),
    log: handlers.log,
  });
}

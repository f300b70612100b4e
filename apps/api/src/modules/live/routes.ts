import { LIVE_MAX_LOT_IDS, liveQuerystring } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { commonErrors, errorResponse } from '../../lib/openapi';
import { type LotChangeListener, listenLotChanges } from './listen-lot-changes';
import { LiveConnection } from './live-connection';
import { LiveHub, type LiveHubOptions } from './live-hub';
import { registerLiveMetrics } from './live-metrics';
import { PageChangeFeed } from './page-changes';
import { publicLotIdsOfEvent } from './read-live-lots';

/** An event's stream follows at most this many of its lots (a per-stream limit, like the 500 ids). */
export const LIVE_MAX_EVENT_LOTS = 2_000;

/** The browser waits this long before reconnecting a dropped stream. */
const RETRY_MS = 2_000;

export interface LiveRoutesOptions {
  db: Database;
  live: Pick<LiveHubOptions, 'maxConnections' | 'maxConnectionsPerClient' | 'heartbeatMs'>;
  /** Where the open streams are counted (decision 0095). */
  registry: Registry;
}

/**
 * GET /marketplace/api/live (contract §5, decision 0039): Server-Sent Events
 * of the lots a page shows. The process's one LISTEN starts with the app and
 * stops with it; closing the app ends every stream first.
 */
export const liveRoutes: FastifyPluginAsyncZod<LiveRoutesOptions> = async (app, options) => {
  const { db } = options;
  const hub = new LiveHub(db, { ...options.live, log: app.log });
  const pages = new PageChangeFeed();
  registerLiveMetrics(options.registry, hub);
  let listener: LotChangeListener | undefined;
  app.addHook('onReady', async () => {
    try {
      listener = await listenLotChanges(db, {
        changed: (ids) => {
          hub.changed(ids);
          pages.changed(ids);
        },
        eventsChanged: (eventIds) => {
          hub.eventsChanged(eventIds);
          pages.changed([], eventIds);
        },
        reconnected: () => {
          hub.resync();
          pages.reset();
        },
        log: app.log,
      });
    } catch (err) {
      // Without changes the streams still answer the current state: the rest of the API must not go down with it.
      app.log.error({ err }, 'live: no LISTEN; streams will not receive changes');
    }
  });
  // Streams never end by themselves: end them before the server waits for its connections.
  app.addHook('preClose', async () => {
    hub.close();
    pages.close();
  });
  app.addHook('onClose', async () => listener?.stop());

  app.get(
    '/marketplace/api/live',
    {
      // A HEAD would open a stream with no body to end it.
      exposeHeadRoute: false,
      schema: {
        tags: ['live'],
        summary: 'Live lot changes (Server-Sent Events)',
        description:
          "`text/event-stream` of `lot` events, `id:` the lot's change sequence (only grows), data " +
          '`{_id, currentBid:{amount}|null, bidsCount, endedAt, status, serverTime, paused}` (`paused`: the ' +
          "lot's event is paused by the marketplace; a pause or a resume is sent to its lots' streams at the same " +
          '`id:`, decision 0093). The current state of every ' +
          'subscribed lot comes first (also on a reconnect with `Last-Event-ID`), then each change; a comment line ' +
          `at least every 15 s. Public lots only. At most ${LIVE_MAX_LOT_IDS} ids, and ${LIVE_MAX_EVENT_LOTS} lots of ` +
          'an event; streams are limited per client address and per process (429, 503).',
        querystring: liveQuerystring,
        // Loose: the other headers (cookies, forwarding) pass through untouched.
        headers: z.looseObject({
          'last-event-id': z
            .string()
            .regex(/^\d{1,19}$/, 'Must be an event id')
            .optional(),
        }),
        produces: ['text/event-stream'],
        response: {
          200: z.string().describe('text/event-stream'),
          404: errorResponse('No such event, or it has no public lots', ['NOT_FOUND']),
          429: errorResponse('Too many streams from this address', ['RATE_LIMITED']),
          503: errorResponse('Too many streams in this process', ['SERVICE_UNAVAILABLE']),
          ...commonErrors,
        },
      },
    },
    async (request, reply) => {
      const { eventLotIds = [], eventId } = request.query;
      hub.admit(request.ip);
      const eventLots = eventId ? await publicLotIdsOfEvent(db, eventId, LIVE_MAX_EVENT_LOTS) : [];
      const lotIds = [...new Set([...eventLotIds, ...eventLots])];
      // Checked again after the await: others may have connected meanwhile.
      hub.admit(request.ip);
      if (lotIds.length === 0 && eventId && eventLotIds.length === 0)
        throw AppError.notFound('No such event, or it has no public lots');
      reply.hijack();
      const res = reply.raw;
      // The client may have gone during the awaits: nothing to open, nothing to free later.
      if (request.raw.socket.destroyed) return;
      // The stream is idle between events by design; the heartbeat proves it alive.
      request.raw.socket.setTimeout(0);
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      res.write(`retry: ${RETRY_MS}\n\n`);
      const connection = new LiveConnection(res, request.ip, lotIds);
      hub.add(connection);
      request.raw.on('close', () => hub.remove(connection));
      res.on('close', () => hub.remove(connection));
      try {
        await hub.sendCurrent(connection);
      } catch (err) {
        request.log.warn({ err }, 'live: could not read the current state');
        hub.remove(connection);
      }
    },
  );
  app.get(
    '/internal/page-changes',
    {
      exposeHeadRoute: false,
      schema: {
        tags: ['live'],
        summary: 'Page cache invalidations for the web processes (Server-Sent Events; not public)',
        description:
          "`text/event-stream` for the web processes' page cache (decision 0103): `ready` when it opens, then " +
          '`changes` with data `{lots, events}` (ids) for each lot change and event pause or resume, and `reset` ' +
          'when changes may have been missed (empty the cache). A comment line every 10 s. The web server does not ' +
          'forward `/internal/`; the balancer exposes the API on its private port only.',
        produces: ['text/event-stream'],
        response: {
          200: z.string().describe('text/event-stream'),
          503: errorResponse('Too many page-change streams in this process', ['SERVICE_UNAVAILABLE']),
          ...commonErrors,
        },
      },
    },
    async (request, reply) => {
      if (!pages.admits()) throw new AppError('SERVICE_UNAVAILABLE', 'Too many page-change streams in this process.');
      reply.hijack();
      const res = reply.raw;
      request.raw.socket.setTimeout(0);
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
      });
      pages.add(res);
    },
  );
};

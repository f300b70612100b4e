import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { LogFormat, LogLevel } from '../config';

/**
 * Structured JSON logs (production), or the same lines made readable by
 * pino-pretty for a person at a terminal (development, decision 0025). Requests are logged by method, path and id only:
 * bodies, cookies and credentials never reach a log line, and the redact list
 * is a second fence in case someone logs a header object by hand.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.token',
  '*.secret',
];

/** A one-line, human-readable rendering of each log line; colours only on a terminal. */
function prettyStream(destination: DestinationStream | undefined): DestinationStream {
  return pretty({
    destination: destination ?? 1,
    colorize: destination === undefined && Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    singleLine: true,
    sync: true,
  });
}

export function createLogger(level: LogLevel, destination?: DestinationStream, format: LogFormat = 'json'): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: {
        req: (req: { id?: string; method?: string; url?: string }) => ({
          id: req.id,
          method: req.method,
          // The query string may carry search terms or ids a user typed; the path is enough to trace.
          path: typeof req.url === 'string' ? req.url.split('?')[0] : undefined,
        }),
        res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
        err: pino.stdSerializers.err,
      },
    },
    format === 'pretty' ? prettyStream(destination) : destination,
  );
}

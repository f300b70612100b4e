import type { Database } from '@lotline/db';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { frameworkErrorHandler, registerErrorHandling } from './lib/error-handler';
import { createLogger } from './lib/logger';
import { registerOpenApi } from './lib/openapi';
import { REQUEST_ID_HEADER, requestIdFrom } from './lib/request-id';
import { catalogRoutes } from './modules/catalog/routes';
import { eventsRoutes } from './modules/events/routes';
import { filesRoutes } from './modules/files/routes';
import { platformRoutes } from './modules/platform/routes';
import { systemRoutes } from './modules/system/routes';

export interface BuildAppOptions {
  db: Database;
  config: Config;
  /** A pino logger; by default one at `config.logLevel` writing to stdout. */
  logger?: FastifyBaseLogger;
}

/**
 * Builds the HTTP app without listening, so tests drive it with `app.inject`
 * and `main.ts` owns the process concerns (ports, signals, the database).
 */
export function buildApp({ db, config, logger }: BuildAppOptions) {
  const app = Fastify({
    loggerInstance: logger ?? createLogger(config.logLevel),
    // Our genReqId reads and vets the header itself; Fastify would trust any value.
    requestIdHeader: false,
    genReqId: requestIdFrom,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorHandler,
    routerOptions: { maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  app.addHook('onRequest', async (request, reply) => {
    // Set first thing so that every answer, errors and 404s included, carries it.
    reply.header(REQUEST_ID_HEADER, request.id);
    reply.header('x-content-type-options', 'nosniff');
  });

  // Swagger must be registered before the routes so that it sees them.
  registerOpenApi(app);
  app.register(systemRoutes, { db });
  app.register(filesRoutes, { filesDir: config.filesDir });
  app.register(catalogRoutes, { db });
  app.register(eventsRoutes, { db });
  app.register(platformRoutes, { db, featureOverrides: config.featureOverrides });
  return app;
}

export type App = ReturnType<typeof buildApp>;

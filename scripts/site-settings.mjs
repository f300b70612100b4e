// The settings `npm start` derives from the environment, kept apart from
// start.mjs so they can be tested without starting anything.
//
// HOST is where the web server listens. It defaults to loopback in every
// mode (decision 0025): on a developer's machine the local mail page holds
// other people's reset links, and in production the site sits behind a
// reverse proxy on the same machine. Set HOST=0.0.0.0 (a container, a LAN
// demo) to let other machines in. The API always listens on loopback
// (API_HOST), since only the web server talks to it.

/** Returns the settings, or throws an Error whose message says what to fix. */
export function siteSettings(env) {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`PORT must be a TCP port number, got "${env.PORT}".`);
  }
  const apiPort = Number(env.API_PORT ?? port + 1);
  const host = env.HOST || '127.0.0.1';
  if (/[\s/]/.test(host)) throw new Error(`HOST must be an address or host name such as 127.0.0.1, got "${host}".`);
  // "Every interface" includes loopback; a named address is asked for itself.
  const probeHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return {
    port,
    apiPort,
    host,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    webProbeUrl: `http://${probeHost}:${port}`,
    publicUrl: env.PUBLIC_ORIGIN ?? `http://localhost:${port}`,
    nodeEnv: env.NODE_ENV ?? 'development',
  };
}

/** What apps/web/server.mjs listens on: the port and the address (never left to a default of every interface). */
export function webServerEnv({ port, host }) {
  return { PORT: String(port), HOST: host };
}

import { Gauge, type Registry } from 'prom-client';

/** Open live streams of this process (decision 0095), read from the hub at scrape time. */
export function registerLiveMetrics(registry: Registry, hub: { readonly size: number }): void {
  new Gauge({
    name: 'lotline_live_subscribers',
    help: 'Live streams (Server-Sent Events) open in this process',
    registers: [registry],
    collect() {
      this.set(hub.size);
    },
  });
}

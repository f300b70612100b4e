import { describe, expect, it } from 'vitest';
import config from '../e2e/playwright.config';
import ServerLogReporter from '../e2e/support/server-log-reporter';
import { E2E_SERVER_LOG } from './e2e-server-log.mjs';

/** The browser tests' output carries the tests, not the site's request logs (decision 0025). */
describe('browser tests and the site logs', () => {
  it('send the site started for the suite to a log file instead of the test output', () => {
    const server = Array.isArray(config.webServer) ? config.webServer[0] : config.webServer;
    expect(server?.stdout ?? 'ignore').toBe('ignore');
    expect(server?.command).toMatch(new RegExp(`node scripts/start\\.mjs > '${E2E_SERVER_LOG}' 2>&1$`));
    expect(JSON.stringify(config.reporter)).toContain('server-log-reporter');
  });

  it('point to that file when a run fails, and stay quiet when it passes', () => {
    // As Playwright makes it: with the options of the config's entry (none).
    const logged: string[] = [];
    const original = console.log;
    console.log = (line: string) => logged.push(line);
    try {
      new ServerLogReporter({}).onEnd({ status: 'failed', startTime: new Date(), duration: 1 });
    } finally {
      console.log = original;
    }
    expect(logged.join('')).toContain(E2E_SERVER_LOG);

    const lines: string[] = [];
    const reporter = new ServerLogReporter({ print: (line) => lines.push(line) });
    reporter.onEnd({ status: 'passed', startTime: new Date(), duration: 1 });
    expect(lines).toEqual([]);
    for (const status of ['failed', 'timedout', 'interrupted'] as const) {
      reporter.onEnd({ status, startTime: new Date(), duration: 1 });
    }
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain(`The site's logs (API and web server) of this run are in ${E2E_SERVER_LOG}`);
  });
});

import type { FullResult, Reporter } from '@playwright/test/reporter';
import { serverLogNotice } from '../../scripts/e2e-server-log.mjs';

/**
 * The site the suite starts writes its logs to a file instead of the test output
 * (playwright.config.ts); when a run fails, this says where that file is.
 */
export default class ServerLogReporter implements Reporter {
  private readonly print: (line: string) => void;
  private readonly log: string | undefined;

  /** Playwright passes the reporter's options from the config (the site's log); tests pass `print` to capture it. */
  constructor(options: { print?: (line: string) => void; log?: string } = {}) {
    this.print = options.print ?? ((line) => console.log(line));
    this.log = options.log;
  }

  printsToStdio() {
    return false;
  }

  onEnd(result: FullResult) {
    if (result.status !== 'passed') this.print(`\n${serverLogNotice(this.log)}\n`);
  }
}

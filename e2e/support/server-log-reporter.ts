import type { FullResult, Reporter } from '@playwright/test/reporter';
import { serverLogNotice } from '../../scripts/e2e-server-log.mjs';

/**
 * The site the suite starts writes its logs to a file instead of the test output
 * (playwright.config.ts); when a run fails, this says where that file is.
 */
export default class ServerLogReporter implements Reporter {
  private readonly print: (line: string) => void;

  /** Playwright passes the reporter's options from the config; tests pass `print` to capture the output. */
  constructor(options: { print?: (line: string) => void } = {}) {
    this.print = options.print ?? ((line) => console.log(line));
  }

  printsToStdio() {
    return false;
  }

  onEnd(result: FullResult) {
    if (result.status !== 'passed') this.print(`\n${serverLogNotice()}\n`);
  }
}

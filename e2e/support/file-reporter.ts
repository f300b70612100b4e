import { relative } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * `npm test`'s browser output (decision 0058): a line per spec file and project once its tests are done, and each
 * failure in full as it happens, so that two sites' runs side by side stay readable. `prefix` names the site
 * (E2E_SITE unless given).
 */
export default class FileReporter implements Reporter {
  private readonly prefix: string;
  private readonly print: (line: string) => void;
  private readonly pending = new Map<string, { left: number; passed: number; skipped: number; failed: number }>();
  private readonly started = new Map<string, number>();
  private rootDir = '';

  constructor(options: { prefix?: string; print?: (line: string) => void } = {}) {
    const prefix = options.prefix ?? process.env.E2E_SITE ?? 'main';
    this.prefix = `[${prefix}] `;
    this.print = options.print ?? ((line) => process.stdout.write(`${line}\n`));
  }

  printsToStdio() {
    return true;
  }

  onBegin(config: FullConfig, suite: Suite) {
    this.rootDir = config.rootDir;
    for (const test of suite.allTests()) {
      const key = this.key(test);
      const entry = this.pending.get(key) ?? { left: 0, passed: 0, skipped: 0, failed: 0 };
      entry.left += 1;
      this.pending.set(key, entry);
    }
    this.print(`${this.prefix}${suite.allTests().length} browser tests in ${this.pending.size} spec runs`);
  }

  onTestBegin(test: TestCase) {
    if (!this.started.has(this.key(test))) this.started.set(this.key(test), Date.now());
  }

  onTestEnd(test: TestCase, result: TestResult) {
    // A retried test reports each attempt; only its last one counts (retries are off, decision 0057).
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped') return;
    const key = this.key(test);
    const entry = this.pending.get(key);
    if (!entry) return;
    const outcome = test.outcome();
    if (outcome === 'skipped') entry.skipped += 1;
    else if (outcome === 'expected' || outcome === 'flaky') entry.passed += 1;
    else {
      entry.failed += 1;
      this.printFailure(test, result);
    }
    entry.left -= 1;
    if (entry.left === 0) {
      const seconds = ((Date.now() - (this.started.get(key) ?? Date.now())) / 1000).toFixed(0);
      const mark = entry.failed ? '✗' : '✓';
      const skipped = entry.skipped ? `, ${entry.skipped} skipped` : '';
      const failed = entry.failed ? `, ${entry.failed} failed` : '';
      this.print(`${this.prefix}${mark} ${key}: ${entry.passed} passed${failed}${skipped} (${seconds} s)`);
    }
  }

  onEnd(result: FullResult) {
    this.print(`${this.prefix}browser run ${result.status} in ${(result.duration / 60_000).toFixed(1)} min`);
  }

  private key(test: TestCase) {
    const project = test.parent.project()?.name ?? '';
    return `${project} › ${relative(this.rootDir, test.location.file)}`;
  }

  private printFailure(test: TestCase, result: TestResult) {
    const title = test.titlePath().filter(Boolean).join(' › ');
    const lines = [`${this.prefix}✗ FAILED ${title} (${result.status}, ${(result.duration / 1000).toFixed(0)} s)`];
    for (const error of result.errors) {
      lines.push(error.message ?? String(error.value));
      if (error.snippet) lines.push(error.snippet);
      if (error.location) lines.push(`  at ${relative(this.rootDir, error.location.file)}:${error.location.line}`);
    }
    for (const attachment of result.attachments) {
      if (attachment.path) lines.push(`  ${attachment.name}: ${attachment.path}`);
    }
    this.print(`${lines.join('\n')}\n`);
  }
}

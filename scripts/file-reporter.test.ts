import type { FullConfig, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { describe, expect, it } from 'vitest';
import FileReporter from '../e2e/support/file-reporter';

/** `npm test`'s browser output (decision 0058): a line per spec file and project, each failure in full. */
const test = (file: string, outcome: ReturnType<TestCase['outcome']>, title = 'a test') =>
  ({
    parent: { project: () => ({ name: 'desktop' }) },
    location: { file: `/repo/e2e/tests/${file}`, line: 1, column: 1 },
    retries: 0,
    outcome: () => outcome,
    titlePath: () => ['', 'desktop', file, title],
  }) as unknown as TestCase;
const result = (status: TestResult['status'], message?: string) =>
  ({
    retry: 0,
    status,
    duration: 2_000,
    errors: message ? [{ message, location: { file: '/repo/e2e/tests/b.spec.ts', line: 7, column: 3 } }] : [],
    attachments: [{ name: 'trace', path: '/repo/e2e/test-results/main/trace.zip', contentType: 'application/zip' }],
  }) as unknown as TestResult;

describe('the browser file reporter', () => {
  it('prints one line per spec once its tests are done, and a failure in full at once', () => {
    const lines: string[] = [];
    const reporter = new FileReporter({ prefix: 'main', print: (line) => lines.push(line) });
    const a1 = test('a.spec.ts', 'expected');
    const a2 = test('a.spec.ts', 'skipped');
    const b1 = test('b.spec.ts', 'unexpected', 'shows the price');
    reporter.onBegin({ rootDir: '/repo/e2e' } as FullConfig, { allTests: () => [a1, a2, b1] } as unknown as Suite);
    for (const t of [a1, a2, b1]) reporter.onTestBegin(t);
    reporter.onTestEnd(a1, result('passed'));
    expect(lines).toEqual(['[main] 3 browser tests in 2 spec runs']);
    reporter.onTestEnd(b1, result('failed', 'expected $10, got $12'));
    reporter.onTestEnd(a2, result('skipped'));
    expect(lines[1]).toMatch(/^\[main\] ✗ FAILED desktop › b\.spec\.ts › shows the price \(failed, 2 s\)\n/);
    expect(lines[1]).toContain('expected $10, got $12');
    expect(lines[1]).toContain('at tests/b.spec.ts:7');
    expect(lines[1]).toContain('trace: /repo/e2e/test-results/main/trace.zip');
    expect(lines[2]).toMatch(/^\[main\] ✗ desktop › tests\/b\.spec\.ts: 0 passed, 1 failed \(\d+ s\)$/);
    expect(lines[3]).toMatch(/^\[main\] ✓ desktop › tests\/a\.spec\.ts: 1 passed, 1 skipped \(\d+ s\)$/);
  });
});

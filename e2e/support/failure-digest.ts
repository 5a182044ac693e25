import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Writes each failed journey's title, the step it stopped at and the first lines of its error to
 * one short file, which `npm test` prints last: a CI log is often read from its end, where the list
 * reporter's details have scrolled away.
 */
export default class FailureDigest implements Reporter {
  private readonly failures: string[] = [];

  constructor(private readonly options: { file: string }) {
    rmSync(options.file, { force: true });
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    // A journey that ran out of time has two errors: the timeout, and the step it was waiting on.
    const errors = result.errors.map((error) => {
      const lines = (error.message ?? '')
        // eslint-disable-next-line no-control-regex -- the terminal colours Playwright puts in messages
        .replace(/\u001b\[[0-9;]*m/g, '')
        .split('\n')
        .filter((line) => line.trim() !== '');
      const callLog = lines.findIndex((line) => line.startsWith('Call log'));
      const at = error.location ? `at ${error.location.file.split('/').at(-1)}:${error.location.line}: ` : '';
      return `  ${at}${lines.slice(0, callLog === -1 ? 5 : Math.min(callLog, 5)).join('\n    ')}`;
    });
    this.failures.push(
      `- ${test.titlePath().filter(Boolean).join(' › ')} (${result.status} after ${Math.round(result.duration / 1000)} s)\n${errors.join('\n')}`,
    );
  }

  onEnd(): void {
    if (this.failures.length === 0) return;
    mkdirSync(dirname(this.options.file), { recursive: true });
    writeFileSync(this.options.file, `${this.failures.join('\n')}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}

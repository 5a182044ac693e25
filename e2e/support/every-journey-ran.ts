import type { FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Turns a "passed" run into a failure when a journey did not really run: no journeys found, a
 * journey skipped (test.skip, test.fixme) or one that never finished. A green e2e stage then means
 * every journey was walked.
 */
export default class EveryJourneyRan implements Reporter {
  private total = 0;
  private readonly finished = new Set<string>();
  private readonly skipped: string[] = [];
  /** `playwright test --list` reports the journeys without running them: nothing to check then. */
  private readonly listing: boolean;

  constructor(options: { _mode?: string } = {}) {
    // Playwright passes its (internal) mode to reporters; the flag is the fallback.
    this.listing = options._mode === 'list' || process.argv.includes('--list');
  }

  onBegin(_config: unknown, suite: Suite): void {
    this.total = suite.allTests().length;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    this.finished.add(test.id);
    if (result.status === 'skipped') this.skipped.push(test.titlePath().filter(Boolean).join(' › '));
  }

  onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    return Promise.resolve(this.verdict(result));
  }

  private verdict(result: FullResult): { status: FullResult['status'] } | undefined {
    if (this.listing || result.status !== 'passed') return undefined;
    const problems: string[] = [];
    if (this.total === 0) problems.push('no journeys were found');
    for (const title of this.skipped) problems.push(`skipped: ${title}`);
    const unfinished = this.total - this.finished.size;
    if (unfinished > 0) problems.push(`${unfinished} journey(s) never finished`);
    if (problems.length === 0) return undefined;
    console.error(`\nThe e2e run is not a pass, not every journey ran:\n- ${problems.join('\n- ')}`);
    return { status: 'failed' };
  }

  printsToStdio(): boolean {
    return false;
  }
}

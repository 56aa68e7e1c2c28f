import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Ends the run with one plain line a CI log reader understands: 'e2e: N passed, N failed, N skipped'. */
export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;

  onTestEnd(test: TestCase, result: TestResult): void {
    // Count each test once, by its final attempt.
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped') {
      return;
    }
    if (result.status === 'passed') {
      this.passed += 1;
    } else if (result.status === 'skipped') {
      this.skipped += 1;
    } else {
      this.failed += 1;
    }
  }

  onEnd(result: FullResult): void {
    const failed = this.failed + (result.status === 'passed' || this.failed > 0 ? 0 : 1);
    console.log(`e2e: ${this.passed} passed, ${failed} failed, ${this.skipped} skipped`);
  }

  printsToStdio(): boolean {
    return false;
  }
}

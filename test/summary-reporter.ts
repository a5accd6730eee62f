// Prints one closing line that any CI log reader understands: "allot: N passed, N failed, N skipped",
// with the count per project, so the log shows that the browser tests ran.
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const count = { passed: 0, failed: 0, skipped: 0 };
    const perProject = new Map<string, number>();
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') count.passed++;
        else if (state === 'failed') count.failed++;
        else count.skipped++;
        const name = module.project.name || 'default';
        if (state === 'passed') perProject.set(name, (perProject.get(name) ?? 0) + 1);
      }
      if (module.state() === 'failed' && module.children.size === 0) count.failed++; // a file that failed to load
    }
    const projects = [...perProject].map(([name, n]) => `${name} ${n}`).join(', ');
    process.stdout.write(`\npassed per project: ${projects || 'none'}\n`);
    process.stdout.write(`allot: ${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped\n`);
  }
}

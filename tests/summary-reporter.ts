// Ends the run with where its time went (each project's test time and its slowest files, so a
// slow file shows in every CI log; decision record 0072) and one plain line,
// 'N passed, N failed[, N skipped]', which CI reads to count tests whatever the runner.
import type { Reporter, TestModule } from "vitest/node";

const SLOWEST = 5;

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
      if (module.state() === "failed" && [...module.children.allTests()].length === 0) failed++;
    }
    process.stdout.write(timings(testModules));
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`);
  }
}

/** Per project: the files' summed test time (files may run side by side) and the slowest files. */
function timings(testModules: ReadonlyArray<TestModule>): string {
  const byProject = new Map<string, { file: string; seconds: number }[]>();
  for (const module of testModules) {
    const files = byProject.get(module.project.name) ?? [];
    const { duration, setupDuration, collectDuration } = module.diagnostic();
    files.push({ file: module.relativeModuleId, seconds: (duration + setupDuration + collectDuration) / 1000 });
    byProject.set(module.project.name, files);
  }
  const lines = [...byProject].map(([project, files]) => {
    const total = files.reduce((sum, { seconds }) => sum + seconds, 0);
    const slowest = files
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SLOWEST)
      .map(({ file, seconds }) => `${file} ${seconds.toFixed(1)} s`);
    return `time: ${project || "(root)"} ${files.length} files, ${total.toFixed(1)} s of file time; slowest: ${slowest.join(", ")}`;
  });
  return lines.length ? `\n${lines.join("\n")}\n` : "";
}

// Vitest's order on a fresh clone (CI's case: no cache of earlier runs) is one project after the
// other by name (pglite, postgres, then unit) and, within each, the order the files were found. The
// lane then ended on whatever long file came last: in CI at stop 51, the three unit files that
// start PGlite processes (15-18 s each) began in the last 25 s, on a lane otherwise done. Here each
// project's longest files come first, so short files are left for the end, where they fill the
// workers' gaps. The projects keep Vitest's order, one after the other: interleaved, a worker moved
// between projects loaded its libraries again (tried: the lane's import time ×10 on a busy
// machine); unit first put its PGlite-starting files beside the build and the type check, over
// their 30 s timeout on a busy machine.
// The durations come from an earlier run (`npm run test:durations`, from test-results/vitest.json);
// a file they do not name runs first in its project, as Vitest runs unknown files first.
import { readFileSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const durationsFile = path.join(import.meta.dirname, "test-file-durations.json");
/** Projects in this order (Vitest's own, by name); one not listed comes after these. */
const projectOrder = ["pglite", "postgres", "unit"];

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = JSON.parse(readFileSync(durationsFile, "utf8")) as Record<string, number>;
    const root = this.ctx.config.root;
    const project = (file: TestSpecification) => {
      const index = projectOrder.indexOf(file.project.name);
      return index === -1 ? projectOrder.length : index;
    };
    const known = (file: TestSpecification) => seconds[path.relative(root, file.moduleId)] ?? Number.POSITIVE_INFINITY;
    return [...files].sort((a, b) => project(a) - project(b) || known(b) - known(a));
  }
}

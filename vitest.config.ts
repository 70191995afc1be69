import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // A guard against hangs, with room for a slow test beside the docs check's process.
    testTimeout: 120_000,
    pool: "threads",
    // Two workers even on a 2-core machine (vitest's default there is one): the docs check runs
    // in a process of its own (test/docs.test.ts), and the other files run beside it.
    maxWorkers: 2,
  },
});

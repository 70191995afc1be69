import { defineConfig } from "vite";

// The playground: `npm run web` serves it, `npm run web:build` writes a static site to dist-web/.
export default defineConfig({
  root: "web",
  base: "./",
  build: { outDir: "../dist-web", emptyOutDir: true },
  worker: { format: "es" },
});

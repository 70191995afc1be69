// Start-up cost: `node bench/startup.mjs [runs]` (default 9) times `warpsim --version` and
// `warpsim run scenarios/single-warp-807.yaml` (a trivial run) as fresh processes; medians.
import { execFileSync } from "node:child_process";

const runs = Number(process.argv[2] ?? 9);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const time = (args) => {
  const t = performance.now();
  execFileSync(process.execPath, ["bin/warpsim.js", ...args], { stdio: "ignore" });
  return (performance.now() - t) / 1e3;
};
const bare = median(Array.from({ length: runs }, () => {
  const t = performance.now();
  execFileSync(process.execPath, ["-e", "0"]);
  return (performance.now() - t) / 1e3;
}));
const version = median(Array.from({ length: runs }, () => time(["--version"])));
const trivial = median(Array.from({ length: runs }, () => time(["run", "scenarios/single-warp-807.yaml"])));
console.log(`medians of ${runs}: node alone ${bare.toFixed(3)} s; warpsim --version ${version.toFixed(3)} s (target < 0.3 s); trivial run ${trivial.toFixed(3)} s`);

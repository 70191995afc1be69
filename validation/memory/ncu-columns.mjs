import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";

// The columns `warpsim validate` compares, from one launch of an ncu raw export (--page raw):
// the d_* ratios of validation/sass/merge.mjs (issue, warps active and eligible per active
// cycle, each stall reason per issue), active cycles, instructions, the given memory counters
// and the registers. Shared by validation/memory/merge.mjs (mergeCaptures, below, which
// validation/corpus/merge.mjs uses too) and validation/async/merge.mjs.
export const REASONS = ["barrier", "branch_resolving", "dispatch_stall", "drain", "gmma", "imc_miss", "lg_throttle", "long_scoreboard", "math_pipe_throttle", "membar", "mio_throttle", "misc", "no_instruction", "not_selected", "selected", "short_scoreboard", "sleeping", "tex_throttle", "wait"];

export const num = (v) => Number(String(v ?? "").replace(/,/g, ""));

/** The columns after a row's launch fields, in the summary's order. */
export function ncuColumns(r, memory) {
  const cycles = num(r["smsp__cycles_active.sum"]);
  const issued = num(r["smsp__issue_active.sum"]);
  const row = {
    d_issue_active_per_active_cycle: issued / cycles,
    d_warps_active_per_active_cycle: num(r["smsp__warps_active.sum"]) / cycles,
    d_warps_eligible_per_active_cycle: num(r["smsp__warps_eligible.sum"]) / cycles,
  };
  for (const reason of REASONS) row[`d_stall_${reason}_per_issue`] = num(r[`smsp__warps_issue_stalled_${reason}.sum`]) / issued;
  row["sm__cycles_active.avg"] = num(r["sm__cycles_active.avg"]);
  row["smsp__inst_executed.sum"] = num(r["smsp__inst_executed.sum"]);
  for (const c of memory) row[c] = num(r[c]);
  row.launch__registers_per_thread = num(r.launch__registers_per_thread);
  return row;
}

/**
 * Joins a capture's ncu exports (the `pairs`: [export, summary] file names in folder `here`)
 * with its launch manifest (here/manifest.txt: MANIFEST,i,kernel,gx,gy,bx,by,dyn,<args>,perSm)
 * into one summary row per launch: the launch first (kernel, grid, block, dynamic shared memory,
 * warpsim's --args), then the ratios `warpsim validate` compares, then the memory system's
 * counters. Shared by validation/memory/merge.mjs and validation/corpus/merge.mjs.
 */
export function mergeCaptures(here, pairs) {
  const manifest = readFileSync(join(here, "manifest.txt"), "utf8")
    .split("\n")
    .filter((l) => l.startsWith("MANIFEST,"))
    .map((l) => {
      // MANIFEST,i,kernel,gx,gy,bx,by,dyn,<args with commas>,perSm; a template's name may hold
      // commas inside its <...> (block_sum_t<int, 256>): split only outside angle brackets.
      const f = [];
      let depth = 0;
      let field = "";
      for (const ch of l) {
        if (ch === "<") depth++;
        else if (ch === ">") depth--;
        if (ch === "," && depth === 0) {
          f.push(field);
          field = "";
        } else field += ch;
      }
      f.push(field);
      return { kernel: f[2], grid: [f[3], f[4]], block: [f[5], f[6]], dyn: f[7], args: f.slice(8, -1).join(","), perSm: f[f.length - 1] };
    });
  const MEMORY = [
    "l1tex__t_sector_pipe_lsu_mem_global_op_ld_hit_rate.pct", "lts__t_sector_op_read_hit_rate.pct", "lts__t_sector_hit_rate.pct",
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
    "dram__bytes_read.sum", "dram__bytes_write.sum", "launch__shared_mem_config_size", "launch__waves_per_multiprocessor",
  ];
  for (const [input, output] of pairs) {
    const rows = parse(readFileSync(join(here, input), "utf8"), { columns: true }).filter((r) => /^\d+$/.test(r.ID));
    if (rows.length !== manifest.length) throw new Error(`${input}: ${rows.length} launches, the manifest ${manifest.length}`);
    const out = rows.map((r, i) => {
      const m = manifest[i];
      // A template's name comes back demangled with its return type and parameters: compare its base.
      const ncuName = r["Kernel Name"].replace(/^void /, "").replace(/\(.*$/, "");
      if (ncuName !== m.kernel) throw new Error(`${input} launch ${i}: ncu has ${r["Kernel Name"]}, the manifest ${m.kernel}`);
      const threads = Number(m.block[0]) * Number(m.block[1]);
      const blocks = Number(m.grid[0]) * Number(m.grid[1]);
      const row = {
        kernel: m.kernel, variant: "args", K: 0, F: 0, warps_per_sm: (Number(m.perSm) * threads) / 32, threads_per_block: threads, blocks, dyn_smem_bytes: m.dyn, iters: 0,
        blocks_per_sm: m.perSm, grid: m.grid.join(","), block: m.block.join(","), args: m.args,
        ...ncuColumns(r, MEMORY),
      };
      row.launch__shared_mem_per_block_static = num(r.launch__shared_mem_per_block_static ?? 0) || 0;
      return row;
    });
    writeFileSync(join(here, output), stringify(out, { header: true }));
    console.log(`${out.length} rows -> ${join(here, output)}`);
  }
}

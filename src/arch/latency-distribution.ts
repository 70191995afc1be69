import { z } from "zod";

/**
 * How a global memory access's latency is drawn (docs/scenario-format.md, "Latency
 * distributions"): the one definition, a schema whose inferred type the model uses, so the
 * scenario format and the latency model cannot drift apart.
 */
const latencyCycles = z.number().int().min(1);

export const latencyDistribution = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("fixed"), cycles: latencyCycles }).strict(),
  z
    .object({ kind: z.literal("uniform"), min: latencyCycles, max: latencyCycles })
    .strict()
    .refine((d) => d.min <= d.max, { message: "min <= max", path: ["max"] }),
  z
    .object({
      kind: z.literal("normal"),
      mean: z.number().positive(),
      stddev: z.number().min(0),
      min: latencyCycles.optional(),
      max: latencyCycles.optional(),
    })
    .strict()
    .refine((d) => d.min === undefined || d.max === undefined || d.min <= d.max, { message: "min <= max", path: ["max"] }),
  z
    .object({ kind: z.literal("exponential"), min: latencyCycles, mean: z.number().positive(), max: latencyCycles.optional() })
    .strict()
    .refine((d) => d.min <= d.mean, { message: "min <= mean", path: ["mean"] })
    .refine((d) => d.max === undefined || d.mean <= d.max, { message: "mean <= max", path: ["max"] }),
  z
    .object({
      kind: z.literal("mix"),
      levels: z
        .array(
          z
            .object({ level: z.enum(["l1", "l2", "dram"]), fraction: z.number().min(0).max(1), cycles: latencyCycles.optional() })
            .strict(),
        )
        .min(1),
    })
    .strict()
    .refine((d) => Math.abs(d.levels.reduce((s, l) => s + l.fraction, 0) - 1) < 1e-9, {
      message: "level fractions that add up to 1",
      path: ["levels"],
    }),
]);

export type LatencyDistribution = z.output<typeof latencyDistribution>;

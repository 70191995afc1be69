import { findKernel } from "../exec/find-kernel.js";
import { OPCODES } from "../program/opcodes.js";
import { readSass } from "../sass/read-sass.js";
import { readResourceUsage, type ResourceUsage } from "../sass/resource-usage.js";
import { highestRegister } from "../sass/sass-program.js";

/** What a listing's file says of a kernel's resources, for `run --sass`'s occupancy defaults. */
export interface KernelResources {
  /** Highest general register the kernel names, or -1 (unreadable, or no such kernel). */
  readonly highestRegister: number;
  /** Its `cuobjdump -res-usage` line, when pasted into the file. */
  readonly usage?: ResourceUsage;
  /** Whether it accesses shared memory (then its static shared memory matters). */
  readonly sharedAccess: boolean;
}

/** The named (or only) kernel's resources; a listing that cannot be read is left to the scenario's check. */
export function kernelResources(text: string, name: string | undefined): KernelResources {
  const listing = readSass(text, "");
  if (!listing.ok) return { highestRegister: -1, sharedAccess: false };
  const kernel = name === undefined ? (listing.kernels.length === 1 ? listing.kernels[0] : undefined) : findKernel(listing.kernels, name);
  if (kernel === undefined) return { highestRegister: -1, sharedAccess: false };
  const usage = readResourceUsage(text).get(kernel.name);
  return {
    highestRegister: highestRegister(kernel),
    ...(usage !== undefined ? { usage } : {}),
    sharedAccess: kernel.instructions.some((ins) => OPCODES[ins.opcode]?.sharedMemory === true),
  };
}

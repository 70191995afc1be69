import { InvalidArgumentError } from "commander";

/** commander argParsers that reject bad numbers with a message naming the option. */
export function wholeNumber(min: number) {
  return (value: string): number => {
    const n = Number(value.replace(/_/g, ""));
    if (!/^\s*[-+]?(\d[\d_]*(\.\d*)?|\.\d+)(e\d+)?\s*$/i.test(value) || !Number.isInteger(n) || n < min) {
      throw new InvalidArgumentError(`expected a whole number >= ${min}, found "${value}".`);
    }
    return n;
  };
}

export function oneOf<T extends string>(choices: readonly T[]) {
  return (value: string): T => {
    if (!(choices as readonly string[]).includes(value)) {
      throw new InvalidArgumentError(`expected one of ${choices.join(", ")}, found "${value}".`);
    }
    return value as T;
  };
}

/** A share written as a percentage ("1%") or a fraction ("0.01"), above 0 and below 1. */
export function share(value: string): number {
  const m = /^\s*(\d+(?:\.\d*)?|\.\d+)\s*(%?)\s*$/.exec(value);
  const n = m === null ? NaN : Number(m[1]) / (m[2] === "%" ? 100 : 1);
  if (!(n > 0 && n < 1)) throw new InvalidArgumentError(`expected a share such as 1% or 0.01 (above 0, below 100%), found "${value}".`);
  return n;
}

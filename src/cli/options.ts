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

// A command's words: its positionals (the photos) and its `--name value` options, every one a
// string the command reads itself (numbers, sizes and lists are checked where they are used).
import { parseArgs } from "node:util";

export function commandArgs<const N extends string>(args: string[], names: readonly N[]) {
  const options = Object.fromEntries(names.map((n) => [n, { type: "string" }])) as {
    [K in N]: { type: "string" };
  };
  return parseArgs({ args, allowPositionals: true, options });
}

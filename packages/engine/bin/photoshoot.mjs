#!/usr/bin/env node
// The engine ships as TypeScript; tsx compiles it on the fly so the CLI needs no build step.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/cli/main.ts");
process.exitCode = await main(process.argv.slice(2));

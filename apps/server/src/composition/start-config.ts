// What both entry points (src/main.ts, the API server, and worker-process.ts) do first: read the
// environment, exit with the wrong variable's message, and add the ComfyUI stand-in to the pool
// when COMFYUI_STAND_IN asks for it.
import { withDevStandIn } from "../comfyui/stand-in/dev-stand-in.ts";
import { type Config, ConfigError, loadConfig } from "../config.ts";

export async function loadStartConfig(): Promise<{ config: Config; close(): Promise<void> }> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  return withDevStandIn(config);
}

// `npm run assets`: the photographic pack's check and fetch in the foreground, with progress
// (files, bytes, percent) every second and a summary; exit code 0 when the pack is complete.
// Same folder, sources and checks as the server's background fetch (STUDIO_ASSETS_DIR is only
// checked; ASSETS_BASE_URL serves a mirror); ASSETS_FETCH=off does not stop an explicit run.
import { ConfigError, loadConfig } from "../../config.ts";
import { startAssetPack } from "./asset-pack.service.ts";
import { progressLine } from "./progress.ts";

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(2);
}
const print = (_obj: object, msg: string) => console.log(msg);
const pack = startAssetPack({
  config: { ...config.assets, fetch: !config.assets.readOnly },
  log: { info: print, warn: print, error: print },
  progressEveryMs: 1000,
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.log("stopping: the files under way stay as .part and resume next time");
    void pack.stop();
  });
}
const s = await pack.settled;
console.log(
  [
    "",
    `photographic pack in ${s.dir} (${s.source}):`,
    `  ${progressLine(s)}`,
    s.badFiles ? `  ${s.badFiles} file(s) with wrong bytes, left out` : null,
    `  ${s.complete ? "complete: the engine builds photographic sets" : `incomplete (${s.state}): sets are drawn`}`,
  ]
    .filter((l) => l !== null)
    .join("\n"),
);
process.exit(s.complete ? 0 : 1);

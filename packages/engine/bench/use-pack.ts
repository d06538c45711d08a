// Benches and sheets are hosts like the server: with STUDIO_ASSETS_DIR set they build the
// photographic sets from the pack there, else the drawn ones. Import for its effect.
import { presentBySize, setPhotoPack, setsArePhotographic } from "../src/assets/index.ts";

const dir = process.env.STUDIO_ASSETS_DIR;
if (dir) setPhotoPack(dir, presentBySize(dir));

/** "photographic" or "drawn": sheets put it in their file names, benches print it */
export const setsKind = (): "photographic" | "drawn" =>
  setsArePhotographic() ? "photographic" : "drawn";

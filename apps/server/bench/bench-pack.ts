// The photographic pack for the benches: the servers and workers they start read no
// environment but what they are given, so STUDIO_ASSETS_DIR is passed on explicitly; without
// it every set is drawn and the figures say nothing of the pack's decode time or memory.
import path from "node:path";

const dir = process.env.STUDIO_ASSETS_DIR;

/** STUDIO_ASSETS_DIR for a bench's servers and workers, when the bench was given one */
export const packEnv: Record<string, string> = dir ? { STUDIO_ASSETS_DIR: path.resolve(dir) } : {};

/** what the bench's figures were measured with, for its first line */
export const packLine = dir
  ? `photographic pack: ${path.resolve(dir)}`
  : "photographic pack: none (STUDIO_ASSETS_DIR unset), sets are drawn";

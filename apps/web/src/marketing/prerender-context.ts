// What the build-time prerender knows that the browser would otherwise work out itself
// (the homepage A/B variant the server serves for this file).
import { createContext, useContext } from "react";
import type { HomeVariant } from "../pages/home/home-variant.ts";

export interface PrerenderInfo {
  variant?: HomeVariant;
}

export const PrerenderContext = createContext<PrerenderInfo>({});

export function usePrerenderInfo(): PrerenderInfo {
  return useContext(PrerenderContext);
}

import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { sharedQueryClient } from "./query-client.ts";

export function WithQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={sharedQueryClient()}>{children}</QueryClientProvider>;
}

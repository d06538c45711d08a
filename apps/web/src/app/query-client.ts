// One TanStack Query cache for the lazily loaded parts (the studio, the modals, checkout), so
// a purchase seen in one refreshes the others. Kept out of the first bundle on purpose: the
// home page does not need it (decision 0302's budget).
import { QueryClient } from "@tanstack/react-query";

let shared: QueryClient | null = null;

export function sharedQueryClient(): QueryClient {
  shared ??= new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
  return shared;
}

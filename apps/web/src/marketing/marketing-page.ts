import { createContext, useContext } from "react";

/** true inside MarketingLayout: the page's language lives in its address. */
export const MarketingPageContext = createContext(false);

export function useIsMarketingPage(): boolean {
  return useContext(MarketingPageContext);
}

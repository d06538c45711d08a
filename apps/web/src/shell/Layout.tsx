import { Outlet } from "react-router";
import { DeveloperPanel } from "./DeveloperToggle.tsx";
import { Footer } from "./Footer.tsx";
import { MaintenanceBanner } from "./MaintenanceBanner.tsx";
import { PromoBanner } from "./PromoBanner.tsx";
import { SkipLink } from "./SkipLink.tsx";
import { TopBar } from "./TopBar.tsx";

/** marketing: the pages that sell (home, landing pages, blog) carry the promo banner. */
export function Layout({ marketing = false }: { marketing?: boolean }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <TopBar />
      <div className="h-16" aria-hidden="true" />
      <MaintenanceBanner />
      {marketing && <PromoBanner />}
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <DeveloperPanel />
    </div>
  );
}

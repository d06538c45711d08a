// The fixed top bar (decision 0300).
import { useTranslation } from "react-i18next";
import { useSession } from "../session/use-session.ts";
import { CoinButton } from "./CoinButton.tsx";
import { DeveloperToggle } from "./DeveloperToggle.tsx";
import { LanguageSwitcher } from "./LanguageSwitcher.tsx";
import { Logo } from "./Logo.tsx";
import { MobileMenu } from "./MobileMenu.tsx";
import { NavMenu } from "./NavMenu.tsx";
import { UserMenu } from "./UserMenu.tsx";
import { useNavItems } from "./use-nav-items.tsx";

export function TopBar() {
  const { t } = useTranslation("nav");
  const { session } = useSession();
  const { products, useCases, resources, openPricing } = useNavItems();
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200/70 bg-white/85 backdrop-blur-md">
      <nav
        aria-label={t("mainNav")}
        className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-6"
      >
        <Logo testUser={session.testUser} />
        <div className="ml-4 hidden items-center gap-1 lg:flex">
          <NavMenu label={t("products.title")} items={products} testId="menu-products" />
          <NavMenu label={t("useCases.title")} items={useCases} testId="menu-use-cases" />
          <NavMenu label={t("resources.title")} items={resources} testId="menu-resources" />
          <button
            type="button"
            onClick={openPricing}
            data-testid="pricing-button"
            className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
          >
            {t("pricing")}
          </button>
        </div>
        {/* The right-hand controls take the room left by the logo; only the user's name gives
            way (its button alone may shrink below its content, and the name is cut with an
            ellipsis), so a long name or a big balance never pushes the
            menu button off a 375 px screen. */}
        <div className="ml-auto flex min-w-0 flex-1 items-center justify-end gap-1.5 sm:gap-2">
          <DeveloperToggle />
          <LanguageSwitcher />
          <CoinButton />
          <UserMenu />
          <div className="lg:hidden">
            <MobileMenu />
          </div>
        </div>
      </nav>
    </header>
  );
}

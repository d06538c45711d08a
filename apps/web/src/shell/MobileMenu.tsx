// Below the lg breakpoint the three menus and Pricing fold into one menu, with the same items.

import { useTranslation } from "react-i18next";
import { MenuIcon } from "../ui/icons.tsx";
import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection } from "./menu-kit.tsx";
import { NavMenuItem } from "./NavMenu.tsx";
import { useNavItems } from "./use-nav-items.tsx";

export function MobileMenu() {
  const { t } = useTranslation("nav");
  const { products, useCases, resources, openPricing } = useNavItems();
  const sections = [
    { key: "products", title: t("products.title"), items: products },
    { key: "useCases", title: t("useCases.title"), items: useCases },
    { key: "resources", title: t("resources.title"), items: resources },
  ];
  return (
    <Menu>
      <MenuButton
        className="inline-flex items-center rounded-lg p-2 text-slate-700 hover:bg-slate-100"
        aria-label={t("openMenu")}
        data-testid="mobile-menu"
      >
        <MenuIcon className="h-6 w-6" />
      </MenuButton>
      <MenuItems
        anchor={{ to: "bottom end", gap: 8 }}
        className="z-50 max-h-[80vh] w-[min(22rem,calc(100vw-1rem))] overflow-y-auto rounded-2xl bg-white p-2 shadow-xl ring-1 ring-slate-900/10 focus:outline-none"
      >
        {sections.map((s) => (
          <MenuSection key={s.key}>
            <MenuHeading className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {s.title}
            </MenuHeading>
            {s.items.map((item) => (
              <NavMenuItem
                key={item.key}
                item={{ ...item, description: undefined, icon: undefined }}
              />
            ))}
          </MenuSection>
        ))}
        <MenuItem
          as="button"
          type="button"
          onClick={openPricing}
          className="mt-1 flex w-full items-center justify-center rounded-xl bg-indigo-600 px-3 py-2.5 text-sm font-semibold text-white data-focus:bg-indigo-500"
        >
          {t("pricing")}
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}

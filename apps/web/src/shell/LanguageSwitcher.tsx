import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Languages, toSupported } from "../i18n/languages.ts";
import { isMarketingLanguage, isMarketingPath, localePath } from "../i18n/url-language.ts";
import { useIsMarketingPage } from "../marketing/marketing-page.ts";
import { useUrlLanguage } from "../marketing/use-locale-path.ts";
import { CheckIcon, GlobeIcon } from "../ui/icons.tsx";
import { Menu, MenuButton, MenuItem, MenuItems } from "./menu-kit.tsx";

export function LanguageSwitcher({ tone = "light" }: { tone?: "light" | "dark" }) {
  const { t, i18n } = useTranslation("common");
  const marketingPage = useIsMarketingPage();
  // the app and the marketing pages speak all of the spec's fifteen languages
  const choices: readonly string[] = Languages;
  const current = toSupported(i18n.language);
  const navigate = useNavigate();
  const { rest } = useUrlLanguage();
  // A marketing page's language is in its address: go to that language's address.
  const choose = (lng: string) => {
    if (marketingPage && isMarketingPath(rest) && isMarketingLanguage(lng)) {
      // the page follows its new address (MarketingLayout); the state says it was chosen
      const { search, hash } = window.location;
      navigate(`${localePath(lng, rest)}${search}${hash}`, { state: { lng } });
    } else void i18n.changeLanguage(lng);
  };
  return (
    <Menu>
      <MenuButton
        data-testid={tone === "dark" ? "language-switcher-footer" : "language-switcher"}
        className={`inline-flex items-center gap-1.5 rounded-lg px-2 py-2 text-sm font-medium ${
          tone === "dark"
            ? "text-slate-200 ring-1 ring-white/20 hover:bg-white/10"
            : "text-slate-700 hover:bg-slate-100"
        }`}
        aria-label={t("language.switch", { language: t(`language.${current}`) })}
      >
        <GlobeIcon className="h-5 w-5" />
        <span className={tone === "dark" ? "" : "hidden lg:inline"}>
          {t(`language.${current}`)}
        </span>
      </MenuButton>
      <MenuItems
        anchor={{ to: "bottom end", gap: 8 }}
        className="z-50 max-h-[70vh] w-44 overflow-y-auto rounded-2xl bg-white p-2 shadow-xl ring-1 ring-slate-900/10 focus:outline-none"
      >
        {choices.map((lng) => (
          <MenuItem
            key={lng}
            as="button"
            type="button"
            lang={lng}
            onClick={() => choose(lng)}
            className="flex w-full items-center justify-between rounded-xl px-3 py-2 text-left text-sm text-slate-700 data-focus:bg-indigo-50"
          >
            {t(`language.${lng}`)}
            {lng === current && <CheckIcon className="h-4 w-4 text-indigo-600" />}
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}

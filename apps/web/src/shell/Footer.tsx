import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LanguageSwitcher } from "./LanguageSwitcher.tsx";
import { ExternalLinks } from "./links.ts";

export function Footer() {
  const { t } = useTranslation("nav");
  const col = "flex flex-col gap-2 text-sm";
  const link = "text-slate-400 hover:text-white";
  return (
    <footer className="mt-24 bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-6 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{t("common:brand")}</p>
          <p className="mt-2 max-w-xs text-sm text-slate-400">{t("footer.tagline")}</p>
          <div className="mt-4">
            <LanguageSwitcher tone="dark" />
          </div>
        </div>
        <div className={col}>
          <h2 className="font-semibold text-white">{t("products.title")}</h2>
          <Link className={link} to="/app">
            {t("products.product")}
          </Link>
          <Link className={link} to="/clothing-app">
            {t("products.clothing")}
          </Link>
          <Link className={link} to="/video-app">
            {t("products.video")}
          </Link>
        </div>
        <div className={col}>
          <h2 className="font-semibold text-white">{t("useCases.title")}</h2>
          <Link className={link} to="/create/clothing">
            {t("useCases.clothing")}
          </Link>
          <Link className={link} to="/create/products">
            {t("useCases.products")}
          </Link>
          <Link className={link} to="/create/food-and-beverage">
            {t("useCases.food")}
          </Link>
          <Link className={link} to="/create/amazon-product-photography">
            {t("useCases.amazon")}
          </Link>
        </div>
        <div className={col}>
          <h2 className="font-semibold text-white">{t("resources.title")}</h2>
          <Link className={link} to="/blog">
            {t("resources.blog")}
          </Link>
          <Link className={link} to="/form">
            {t("footer.feedback")}
          </Link>
          <a
            className={link}
            href={ExternalLinks.community}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t("resources.community")}
          </a>
          <a className={link} href={`mailto:${ExternalLinks.supportEmail}`}>
            {t("footer.support")}
          </a>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-6 py-6 text-xs text-slate-400 sm:flex-row sm:justify-between sm:gap-6">
          <p>{t("footer.legal")}</p>
          <Link className="hover:text-white" to="/photo-credits">
            {t("footer.photoMaterial")}
          </Link>
        </div>
      </div>
    </footer>
  );
}

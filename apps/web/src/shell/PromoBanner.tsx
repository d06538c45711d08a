// Marketing pages' promo banner: rotates every 4 s between the $9.99
// pay-as-you-go offer (opens pricing) and the product-video order (goes to /video-app).
// Hovering or focusing it pauses the rotation, so it can be read and used.
import { Constants } from "@studio/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useModal } from "../modals/use-modal.ts";

export function PromoBanner() {
  const { t } = useTranslation("nav");
  const modal = useModal();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % 2), Constants.bannerRotateMs);
    return () => clearInterval(id);
  }, [paused]);

  const linkClass =
    "font-semibold underline decoration-white/50 underline-offset-4 hover:decoration-white";
  return (
    <section
      aria-label={t("promo.label")}
      data-testid="promo-banner"
      data-slide={index}
      className="bg-gradient-to-r from-indigo-700 via-violet-700 to-fuchsia-700 text-white"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="mx-auto flex min-h-11 max-w-7xl items-center justify-center px-4 py-2 text-center text-sm">
        {index === 0 ? (
          <p>
            <span className="mr-2 rounded-full bg-white/20 px-2 py-0.5 text-xs font-bold">
              {t("promo.newTag")}
            </span>
            {t("promo.offer")}{" "}
            <button
              type="button"
              className={linkClass}
              onClick={() => modal.open("pricing", { table: "product" })}
            >
              {t("promo.offerCta")}
            </button>
          </p>
        ) : (
          <p>
            {t("promo.video")}{" "}
            <Link to="/video-app" className={linkClass}>
              {t("promo.videoCta")}
            </Link>
          </p>
        )}
      </div>
    </section>
  );
}

// The 'coming soon' fake button: looks like the real control, explains instead of acting.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useModal } from "../../modals/use-modal.ts";
import { buttonClass } from "../../ui/Button.tsx";

export function ComingSoonButton({
  children,
  feature,
  variant = "secondary",
  className = "",
}: {
  children: ReactNode;
  feature?: string;
  variant?: "primary" | "secondary";
  className?: string;
}) {
  const { t } = useTranslation("modals");
  const modal = useModal();
  return (
    <button
      type="button"
      className={buttonClass(variant, className)}
      onClick={() => modal.open("coming-soon", { feature })}
    >
      {children}
      <span className="rounded-full bg-violet-100 px-2 py-0.5 text-[10px] font-bold text-violet-700 uppercase">
        {t("comingSoon.badge")}
      </span>
    </button>
  );
}

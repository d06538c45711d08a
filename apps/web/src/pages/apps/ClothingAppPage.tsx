// /clothing-app: AI human models arrive in a later issue; the page shows the plan, the
// payment check (spec section 4) and what works today.
import { useTranslation } from "react-i18next";
import { track } from "../../analytics/analytics.ts";
import { useModal } from "../../modals/use-modal.ts";
import { useSession } from "../../session/use-session.ts";
import { ProductScene } from "../../ui/art/ProductScene.tsx";
import { Button } from "../../ui/Button.tsx";
import { useDocumentTitle } from "../../ui/use-document-title.ts";
import { AppSwitcher } from "./AppSwitcher.tsx";
import { AvailableNow, ComingBanner } from "./AvailableNow.tsx";

export default function ClothingAppPage() {
  const { t } = useTranslation("apps");
  useDocumentTitle("apps:clothing.title");
  const { session } = useSession();
  const modal = useModal();

  // Payment check (spec section 4): anonymous → login first; no entitlement → pricing opens.
  const start = () => {
    if (!session.loggedIn) {
      track("blocked no login", { action: "clothing-app" });
      return modal.open("login", { mode: "signup" });
    }
    if (!session.clothAppValid) return modal.open("pricing", { table: "clothing" });
    modal.open("coming-soon", { feature: t("clothing.title") });
  };

  const looks = [
    { tint: "#f43f5e", sky: ["#ffe4e6", "#fff1f2"] as [string, string] },
    { tint: "#0ea5e9", sky: ["#e0f2fe", "#f0f9ff"] as [string, string] },
    { tint: "#a855f7", sky: ["#f3e8ff", "#faf5ff"] as [string, string] },
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("clothing.title")}</h1>
          <p className="mt-1 text-slate-600">{t("clothing.subtitle")}</p>
        </div>
        <AppSwitcher current="clothing" />
      </div>
      <div className="mt-6">
        <ComingBanner text={t("clothing.coming")} />
      </div>
      <div className="mt-8 grid items-center gap-8 lg:grid-cols-2">
        <div className="grid grid-cols-3 gap-3">
          {looks.map((l) => (
            <ProductScene
              key={l.tint}
              product="shirt"
              surface="podium"
              tint={l.tint}
              sky={l.sky}
              className="w-full rounded-2xl ring-1 ring-slate-200"
            />
          ))}
        </div>
        <div>
          <ul className="space-y-2 text-slate-700">
            <li>{t("clothing.point1")}</li>
            <li>{t("clothing.point2")}</li>
            <li>{t("clothing.point3")}</li>
          </ul>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Button onClick={start} data-testid="clothing-start">
              {session.loggedIn ? t("clothing.start") : t("common:signupToUnlock")}
            </Button>
            <Button
              variant="secondary"
              onClick={() => modal.open("pricing", { table: "clothing" })}
            >
              {t("clothing.plans")}
            </Button>
          </div>
          {!session.loggedIn && (
            <p className="mt-3 text-sm text-slate-500">{t("common:pleaseLogin")}</p>
          )}
        </div>
      </div>
      <AvailableNow />
    </div>
  );
}

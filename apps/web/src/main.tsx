import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { BrowserRouter } from "react-router";
import { AppProviders } from "./app/AppProviders.tsx";
import { AppRoutes } from "./app/AppRoutes.tsx";
import { initI18n } from "./i18n/i18n.ts";
import { isMarketingPath, splitLanguage } from "./i18n/url-language.ts";
import { startMonitoringWhenIdle } from "./monitoring/start-monitoring.ts";
import { storeReferralEmail } from "./session/session-storage.ts";
import "./index.css";

// A shared invite link (/?ref=friend@example.com) credits the friend when this visitor signs up.
const ref = new URLSearchParams(window.location.search).get("ref");
if (ref) storeReferralEmail(ref.slice(0, 254));

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// Marketing pages come prerendered (scripts/prerender.mjs) in the language of their URL;
// the app hydrates that HTML with the same language and strings. Other routes render here.
const { lng, rest } = splitLanguage(window.location.pathname);
const prerendered = root.firstElementChild !== null && isMarketingPath(rest);
const i18n = await initI18n(prerendered ? lng : undefined);
if (prerendered && rest !== "/") {
  // landing pages and the blog read the page namespaces: load them before hydrating
  await i18n.loadNamespaces(["landing", "blog"]).catch(() => undefined);
}

const app = (
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <BrowserRouter>
        <AppProviders hydrating={prerendered}>
          <AppRoutes />
        </AppProviders>
      </BrowserRouter>
    </I18nextProvider>
  </StrictMode>
);
if (prerendered) hydrateRoot(root, app);
else createRoot(root).render(app);

startMonitoringWhenIdle();

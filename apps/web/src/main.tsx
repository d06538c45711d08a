import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { BrowserRouter } from "react-router";
import { AppProviders } from "./app/AppProviders.tsx";
import { AppRoutes } from "./app/AppRoutes.tsx";
import { initI18n } from "./i18n/i18n.ts";
import { storeReferralEmail } from "./session/session-storage.ts";
import "./index.css";

// A shared invite link (/?ref=friend@example.com) credits the friend when this visitor signs up.
const ref = new URLSearchParams(window.location.search).get("ref");
if (ref) storeReferralEmail(ref.slice(0, 254));

const i18n = await initI18n();
const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <BrowserRouter>
        <AppProviders>
          <AppRoutes />
        </AppProviders>
      </BrowserRouter>
    </I18nextProvider>
  </StrictMode>,
);

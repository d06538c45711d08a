// Renders a piece of the app the way main.tsx does, with both languages loaded up front and
// a memory router; the location is exposed for assertions on navigation.
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter, useLocation } from "react-router";
import { AppProviders } from "../app/AppProviders.tsx";
import { createTestI18n } from "../i18n/i18n.ts";
import type { Language } from "../i18n/languages.ts";
import en from "../i18n/locales/en-US/index.ts";
import zh from "../i18n/locales/zh-CN/index.ts";

export const resources = { "en-US": en, "zh-CN": zh };

export const location = { pathname: "/", search: "" };
function LocationProbe() {
  const l = useLocation();
  location.pathname = l.pathname;
  location.search = l.search;
  return null;
}

export function renderApp(ui: ReactNode, opts: { route?: string; lang?: Language } = {}) {
  const i18n = createTestI18n(resources, opts.lang ?? "en-US");
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[opts.route ?? "/"]}>
        <AppProviders>
          <LocationProbe />
          {ui}
        </AppProviders>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

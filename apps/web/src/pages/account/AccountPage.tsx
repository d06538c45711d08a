// /account: the developer side of an account (decisions 1000, 1003): API keys and webhooks for the public
// API, with a pointer to its documentation. Signed-in users only.
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/request.ts";
import { ApiKeysPanel } from "../../features/developer-api/ApiKeysPanel.tsx";
import { WebhooksPanel } from "../../features/developer-api/WebhooksPanel.tsx";
import { useModal } from "../../modals/use-modal.ts";
import { useSession } from "../../session/use-session.ts";
import { Button } from "../../ui/Button.tsx";
import { useDocumentTitle } from "../../ui/use-document-title.ts";

export default function AccountPage() {
  const { t } = useTranslation("account");
  useDocumentTitle("account:title");
  const { session, validating } = useSession();
  const modal = useModal();
  const [error, setError] = useState<string | null>(null);
  const onError = useCallback(
    (err: unknown) =>
      setError(
        err instanceof ApiError && err.status === 401
          ? t("common:pleaseLogin")
          : err instanceof Error
            ? err.message
            : String(err),
      ),
    [t],
  );

  if (!session.loggedIn) {
    return (
      <div className="mx-auto max-w-2xl px-5 py-16 text-center">
        <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
        {!validating && (
          <>
            <p className="mt-3 text-slate-600">{t("loginFirst")}</p>
            <Button className="mt-6" onClick={() => modal.open("login", { mode: "login" })}>
              {t("login")}
            </Button>
          </>
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-5 sm:py-12">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
        <p className="mt-2 text-sm text-slate-600">
          {t("intro")}{" "}
          <a
            className="font-medium text-indigo-700 underline"
            href="/api/docs"
            target="_blank"
            rel="noreferrer"
          >
            {t("docs")}
          </a>
        </p>
      </header>
      {error && (
        <div
          role="alert"
          className="flex items-start justify-between gap-3 rounded-xl bg-rose-50 p-3 text-sm text-rose-800 ring-1 ring-rose-200"
        >
          <span>{error}</span>
          <button
            type="button"
            className="font-semibold"
            onClick={() => setError(null)}
            aria-label={t("dismiss")}
          >
            ×
          </button>
        </div>
      )}
      <ApiKeysPanel onError={onError} />
      <WebhooksPanel onError={onError} />
    </div>
  );
}

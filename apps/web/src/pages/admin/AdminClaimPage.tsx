// /admin/claim#<code>: the one-time link the server prints while nobody is an administrator
// (decision 0910). The code is in the fragment, so it never reaches a log or a Referer; the
// signed-in opener becomes the administrator and lands on the console.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError } from "../../api/request.ts";
import { adminApi } from "../../features/admin/admin-api.ts";
import { useModal } from "../../modals/use-modal.ts";
import { useSession } from "../../session/use-session.ts";
import { Button } from "../../ui/Button.tsx";
import { useDocumentTitle } from "../../ui/use-document-title.ts";

export default function AdminClaimPage() {
  const { t } = useTranslation("admin");
  useDocumentTitle("admin:claim.title");
  const { session } = useSession();
  const modal = useModal();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const token = typeof window === "undefined" ? "" : window.location.hash.slice(1);

  const claim = async () => {
    setBusy(true);
    setError(null);
    try {
      await adminApi.claim(token);
      navigate("/admin");
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-xl px-5 py-12">
      <h1 className="text-2xl font-bold tracking-tight">{t("claim.title")}</h1>
      <p className="mt-3 text-slate-700">{t("claim.intro")}</p>
      {!token ? (
        <p role="alert" className="mt-6 rounded-xl bg-amber-50 p-4 text-amber-900">
          {t("claim.noToken")}
        </p>
      ) : !session.loggedIn ? (
        <div className="mt-6 space-y-3">
          <p>{t("claim.login")}</p>
          <Button onClick={() => modal.open("login", { mode: "signup" })}>
            {t("claim.loginButton")}
          </Button>
        </div>
      ) : (
        <div className="mt-6 space-y-3">
          <Button onClick={claim} disabled={busy} data-testid="admin-claim-button">
            {busy ? t("claim.working") : t("claim.button")}
          </Button>
          {error && (
            <p role="alert" className="rounded-xl bg-rose-50 p-4 text-rose-800">
              {error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

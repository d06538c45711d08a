// Google sign-in, shown when the server has a client id (GET /api/public-config, run time;
// the build's VITE_GOOGLE_CLIENT_ID when the server does not answer one). Google's script is
// fetched only when the visitor presses the button, never on page load.
import { Constants } from "@studio/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError, api } from "../../api/api-client.ts";
import { useModal } from "../../modals/use-modal.ts";
import { useSession } from "../../session/use-session.ts";
import { buildGoogleClientId, loadPublicConfig } from "./public-config.ts";

type GoogleId = {
  initialize: (o: { client_id: string; callback: (r: { credential: string }) => void }) => void;
  prompt: () => void;
};
declare global {
  interface Window {
    google?: { accounts: { id: GoogleId } };
  }
}

function loadScript(): Promise<void> {
  if (window.google) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const s = document.createElement("script");
    s.src = "https://accounts.google.com/gsi/client";
    s.async = true;
    s.onload = () => resolve();
    s.onerror = () => reject(new Error("Google sign-in could not load"));
    document.head.appendChild(s);
  });
}

/** The server's client id once it answered; the build's when it has none or cannot be reached. */
function useGoogleClientId(): string {
  const [id, setId] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadPublicConfig().then(
      (c) => live && setId(c.googleClientId ?? buildGoogleClientId()),
      () => live && setId(buildGoogleClientId()),
    );
    return () => {
      live = false;
    };
  }, []);
  return id ?? "";
}

export function GoogleSignIn({ onError }: { onError: (message: string) => void }) {
  const { t } = useTranslation("auth");
  const { signIn } = useSession();
  const modal = useModal();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const clientId = useGoogleClientId();
  if (!clientId) return null;

  const start = async () => {
    setBusy(true);
    try {
      await loadScript();
      window.google?.accounts.id.initialize({
        client_id: clientId,
        callback: ({ credential }) => {
          api
            .googleLogin(credential)
            .then((res) => {
              signIn(res);
              modal.schedule(() => {
                modal.close();
                navigate("/app");
              }, Constants.modalCloseMs);
            })
            .catch((err: unknown) =>
              onError(err instanceof ApiError && err.error ? err.error : t("genericError")),
            );
        },
      });
      window.google?.accounts.id.prompt();
    } catch {
      onError(t("googleUnavailable"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-4">
      <div className="relative my-4 text-center text-xs text-slate-500">
        <span className="bg-white px-2">{t("or")}</span>
      </div>
      <button
        type="button"
        onClick={start}
        disabled={busy}
        className="flex w-full items-center justify-center gap-2 rounded-xl bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
      >
        <span aria-hidden="true" className="font-bold text-blue-600">
          G
        </span>
        {t("google")}
      </button>
    </div>
  );
}

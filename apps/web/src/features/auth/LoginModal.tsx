// Login/signup modal (texts in contracts' messages.ts): two modes, the exact success messages and
// timings, the red 'Error:' banner with the server's error, banner clearing after 5 s + 2 s.
import { Constants, type SignupRequest } from "@studio/contracts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError, api, browserTimeZone } from "../../api/api-client.ts";
import { Modal } from "../../modals/Modal.tsx";
import { useModal } from "../../modals/use-modal.ts";
import { readReferralEmail, storeReferralEmail } from "../../session/session-storage.ts";
import { useSession } from "../../session/use-session.ts";
import { Button } from "../../ui/Button.tsx";
import { TextField } from "./FormField.tsx";
import { GoogleSignIn } from "./GoogleSignIn.tsx";
import { SignupFields, UsernameField } from "./SignupFields.tsx";
import { useTimedBanner } from "./use-timed-banner.ts";

export function LoginModal({ mode: initialMode }: { mode: "login" | "signup" }) {
  const { t } = useTranslation("auth");
  const [mode, setMode] = useState(initialMode);
  const [busy, setBusy] = useState(false);
  const { banner, show } = useTimedBanner();
  const { signIn, refresh } = useSession();
  const modal = useModal();
  const navigate = useNavigate();

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const field = (name: string) => String(form.get(name) ?? "").trim();
    setBusy(true);
    try {
      if (mode === "login") {
        const res = await api.login(field("userEmail"), String(form.get("password") ?? ""));
        signIn(res);
        show("success", t("loginSuccess"), t("hint.loginSuccess"));
        modal.schedule(() => {
          modal.close();
          navigate("/app");
        }, Constants.modalCloseMs);
      } else {
        const payload: SignupRequest = {
          username: field("username"),
          userEmail: field("userEmail"),
          password: String(form.get("password") ?? ""),
          gender: field("gender"),
          dob: field("dob"),
          location: field("location"),
          language: field("language"),
          occupation: field("occupation"),
          field: field("field"),
          timeZone: browserTimeZone(),
        };
        const res = await api.signup(payload);
        signIn(res);
        show("success", t("signupSuccess"), t("hint.signupSuccess"));
        modal.schedule(modal.close, Constants.modalCloseMs);
        modal.schedule(() => navigate("/form"), Constants.formOpenMs);
        // the home page promises 20 coins a day: the first day's are one click away (decision 0103)
        modal.schedule(() => modal.open("daily-coin"), Constants.formOpenMs);
        // the verification link goes out at once; the modal in the user menu can resend it
        api
          .sendEmailVerification(res.userEmail, res.token)
          .catch((err: unknown) => console.warn("verification email not sent", err));
        const referEmail = readReferralEmail();
        if (referEmail) {
          api
            .referGiveaway(referEmail)
            .then(() => {
              storeReferralEmail(null);
              return refresh();
            })
            .catch((err: unknown) => console.warn("referral credits not redeemed", err));
        }
      }
    } catch (err) {
      // (the server records the signup-check analytics events itself)
      const error = err instanceof ApiError && err.error ? err.error : t("genericError");
      show("error", error, t("hint.error"));
    } finally {
      setBusy(false);
    }
  };

  const isLogin = mode === "login";
  return (
    <Modal
      onClose={modal.close}
      title={isLogin ? t("loginTitle") : t("signupTitle")}
      description={isLogin ? t("loginSubtitle") : t("signupSubtitle")}
      size={isLogin ? "md" : "lg"}
      testId="login-modal"
    >
      {banner && (banner.message || banner.hint) && (
        <div
          role={banner.kind === "error" ? "alert" : "status"}
          data-testid="auth-banner"
          className={`mb-4 rounded-xl px-4 py-3 text-sm ${
            banner.kind === "error"
              ? "bg-rose-50 text-rose-800 ring-1 ring-rose-200"
              : "bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200"
          }`}
        >
          {banner.message && (
            <p data-testid="auth-banner-message">
              {banner.kind === "error" && (
                <strong className="font-semibold text-rose-700">{t("errorPrefix")} </strong>
              )}
              {banner.message}
            </p>
          )}
          {banner.hint && (
            <p className="mt-1 text-xs opacity-80" data-testid="auth-banner-hint">
              {banner.hint}
            </p>
          )}
        </div>
      )}
      <form onSubmit={onSubmit} className="space-y-4" noValidate={false}>
        {!isLogin && <UsernameField />}
        <TextField
          label={t("email")}
          name="userEmail"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          autoFocus={isLogin}
        />
        <TextField
          label={t("password")}
          name="password"
          type="password"
          autoComplete={isLogin ? "current-password" : "new-password"}
          required
          maxLength={256}
        />
        {!isLogin && <SignupFields />}
        <Button type="submit" className="w-full" disabled={busy} data-testid="auth-submit">
          {busy ? t("working") : isLogin ? t("loginButton") : t("signupButton")}
        </Button>
      </form>
      <GoogleSignIn onError={(msg) => show("error", msg, t("hint.error"))} />
      <p className="mt-5 text-center text-sm text-slate-600">
        {isLogin ? t("noAccount") : t("haveAccount")}{" "}
        <button
          type="button"
          className="font-semibold text-indigo-700 hover:underline"
          onClick={() => setMode(isLogin ? "signup" : "login")}
          data-testid="auth-toggle"
        >
          {isLogin ? t("switchToSignup") : t("switchToLogin")}
        </button>
      </p>
    </Modal>
  );
}

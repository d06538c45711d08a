// The Fashion 3-day trial, unlocked by sharing (decision 0701): paste the address of the post,
// claim once; the clothing app opens at once.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/api-client.ts";
import { useModal } from "../../modals/use-modal.ts";
import { useSession } from "../../session/use-session.ts";
import { Button } from "../../ui/Button.tsx";
import { billingApi } from "../billing/index.ts";

export function ClothingTrialClaim() {
  const { t } = useTranslation("pricing");
  const { session, refresh } = useSession();
  const modal = useModal();
  const [url, setUrl] = useState("");
  const claim = useMutation({
    mutationFn: () => billingApi.clothingTrial(url.trim()),
    onSuccess: () => refresh(),
  });
  if (!session.loggedIn) {
    return (
      <Button className="mt-5" onClick={() => modal.open("login", { mode: "signup" })}>
        {t("common:signupToUnlock")}
      </Button>
    );
  }
  if (claim.isSuccess) {
    return (
      <p
        role="status"
        className="mt-5 rounded-xl bg-emerald-50 p-3 text-sm font-semibold text-emerald-800"
      >
        {t("trial.claimed", { count: claim.data.downloadsLeft })}
      </p>
    );
  }
  return (
    <form
      className="mt-5 flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        claim.mutate();
      }}
    >
      <label htmlFor="trial-share-url" className="text-sm">
        {t("trial.shareLabel")}
      </label>
      <input
        id="trial-share-url"
        type="url"
        required
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        placeholder={t("trial.placeholder")}
        className="rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900"
      />
      {claim.isError && (
        <p role="alert" className="text-sm text-rose-700">
          {claim.error instanceof ApiError && claim.error.error
            ? claim.error.error
            : t("trial.failed")}
        </p>
      )}
      <Button type="submit" disabled={claim.isPending}>
        {claim.isPending ? t("trial.claiming") : t("trial.claim")}
      </Button>
    </form>
  );
}

// /clothing-app: a garment photo in, four catalogue photos out. Left, the steps (photo, kind,
// style, model, references, prompt); right, the live status and the photos; the history below.
// Generations, uploads, queue and history are the Product app's (same hooks and components);
// this app adds the kind and style pickers, the model choices and the Fashion entitlement.
import type { ClothingStyle, GarmentKind, ModelChoices } from "@studio/contracts";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { sharedQueryClient } from "../../../app/query-client.ts";
import { useModal } from "../../../modals/use-modal.ts";
import { AppSwitcher } from "../../../pages/apps/AppSwitcher.tsx";
import { isUnlimited } from "../../../session/session-state.ts";
import { useSession } from "../../../session/use-session.ts";
import { Button } from "../../../ui/Button.tsx";
import { useDocumentTitle } from "../../../ui/use-document-title.ts";
import {
  coinCost,
  GenerateButton,
  HistoryPanel,
  imagesFor,
  PhotoDropzone,
  PromptBox,
  ReferencePicker,
  Step,
  StudioLayout,
  StudioResults,
  useStudioPage,
} from "../../studio/index.ts";
import { useClothingGenerate } from "../hooks/use-clothing-generate.ts";
import {
  useClothingConfig,
  useClothingEntitlement,
  useSavedModels,
} from "../hooks/use-clothing-queries.ts";
import {
  CLOTHING_ASPECT,
  CPU_STYLES,
  DEFAULT_MODEL,
  KINDS,
  NOT_WORN,
} from "../model/clothing-choices.ts";
import { ChoiceCards } from "./ChoiceCards.tsx";
import { ModelPicker } from "./ModelPicker.tsx";

export default function ClothingStudio({ client }: { client?: QueryClient }) {
  return (
    <QueryClientProvider client={client ?? sharedQueryClient()}>
      <Studio />
    </QueryClientProvider>
  );
}

function Studio() {
  const { t } = useTranslation("clothing-app");
  useDocumentTitle("apps:clothing.title");
  const { session, setPromptText } = useSession();
  const modal = useModal();
  const [kind, setKind] = useState<GarmentKind | "auto">("auto");
  const [style, setStyle] = useState<ClothingStyle>("ghost");
  const [model, setModel] = useState<ModelChoices>(DEFAULT_MODEL);
  const [modelId, setModelId] = useState<string | null>(null);
  const userId = session.loggedIn ? session.userId : "";

  const config = useClothingConfig();
  const entitlement = useClothingEntitlement(userId);
  const saved = useSavedModels(userId);
  const tryOn = config.data?.tryOn.available ?? false;

  const studio = useStudioPage({
    alsoRefetch: ["clothing"],
    onAccountChange: () => setModelId(null),
  });
  const { photo, choose, clear, references, limit, live, follow, show, clearLive, tier } = studio;
  const gen = useClothingGenerate(useCallback((res, count) => follow(res, count, "web"), [follow]));

  // shoes, bags and accessories are not worn: leave the model style
  const notWorn = kind !== "auto" && NOT_WORN.includes(kind);
  useEffect(() => {
    if (style === "model" && (!tryOn || notWorn)) setStyle("ghost");
  }, [style, tryOn, notWorn]);

  const liveId = live?.id;
  useEffect(() => {
    if (liveId)
      document.getElementById("clothing-results-title")?.scrollIntoView?.({ block: "start" });
  }, [liveId]);

  const clothAppValid = entitlement.data?.clothAppValid ?? session.clothAppValid;
  const images = imagesFor(tier, "web");
  const coins = clothAppValid ? 0 : coinCost(tier, images);
  const uploadId = photo.phase === "uploaded" ? photo.upload.id : undefined;
  const disabled = studio.disabled(gen.submitting, "");

  const onGenerate = () =>
    gen.submit(
      {
        ...(uploadId ? { uploadId } : {}),
        ...(references.ids.length ? { referenceIds: references.ids } : {}),
        ...(session.promptText.trim() ? { prompt: session.promptText.trim() } : {}),
        clothing: {
          style,
          ...(kind !== "auto" ? { kind } : {}),
          ...(style === "model" ? (modelId ? { modelId } : { model }) : {}),
        },
      },
      images,
      coins,
    );

  const styleName = (s: string) => t(`style.${s}`);
  const kindName = (k: string) => t(`kind.${k}`);
  const detected = live?.generation?.clothing?.kind;

  return (
    <StudioLayout
      title={t("apps:clothing.title")}
      subtitle={t("apps:clothing.subtitle")}
      actions={
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => modal.open("pricing", { table: "clothing" })}>
            {t("apps:clothing.plans")}
          </Button>
          <AppSwitcher current="clothing" />
        </div>
      }
      stepsClassName="min-w-0"
      steps={
        <>
          <Step n={1} title={t("steps.photo")}>
            <p className="mb-2 text-xs text-slate-600">{t("photoHint")}</p>
            <PhotoDropzone
              photo={photo}
              onFile={choose}
              onClear={clear}
              dropLabel={t("photoDrop")}
            />
          </Step>
          <Step n={2} title={t("steps.kind")}>
            <ChoiceCards
              name="kind"
              label={t("steps.kind")}
              testId="kind-picker"
              columns="grid-cols-2 sm:grid-cols-3"
              value={kind}
              onChange={setKind}
              choices={[
                { value: "auto" as const, label: t("kind.auto"), hint: t("kind.autoHint") },
                ...KINDS.map((k) => ({ value: k, label: kindName(k) })),
              ]}
            />
            {detected && kind === "auto" && (
              <p className="mt-2 text-xs text-slate-700" data-testid="detected-kind">
                {t("kind.detected", { kind: kindName(detected) })}
              </p>
            )}
          </Step>
          <Step n={3} title={t("steps.style")}>
            <ChoiceCards
              name="style"
              label={t("steps.style")}
              testId="style-picker"
              columns="grid-cols-2"
              value={style}
              onChange={setStyle}
              choices={[
                ...CPU_STYLES.map((s) => ({
                  value: s,
                  label: styleName(s),
                  hint: t(`style.${s}Hint`),
                })),
                {
                  value: "model" as const,
                  label: styleName("model"),
                  hint: t("style.modelHint"),
                  disabled: !tryOn || notWorn,
                },
              ]}
            />
            <p className="mt-2 text-xs text-slate-600">
              {style === "model" ? t("style.modelHint") : t("style.cpu")}
            </p>
            {config.data && !tryOn && (
              <p
                className="mt-2 rounded-xl bg-amber-50 p-3 text-xs text-amber-900 ring-1 ring-amber-200"
                data-testid="tryon-unavailable"
              >
                {t("tryOn.unavailable")}
              </p>
            )}
            {tryOn && notWorn && (
              <p className="mt-2 text-xs text-slate-600">{t("tryOn.notWorn")}</p>
            )}
          </Step>
          {style === "model" && (
            <Step n={4} title={t("steps.model")}>
              <ModelPicker
                userId={userId}
                saved={saved.data ?? []}
                choices={model}
                onChoices={setModel}
                modelId={modelId}
                onModelId={setModelId}
              />
            </Step>
          )}
          <Step n={style === "model" ? 5 : 4} title={t("steps.references")} optional>
            <ReferencePicker references={references} limit={limit} />
          </Step>
          <Step n={style === "model" ? 6 : 5} title={t("steps.prompt")} optional>
            <PromptBox value={session.promptText} onChange={setPromptText} />
          </Step>
          {session.loggedIn && (
            <p className="text-xs text-slate-700" data-testid="clothing-plan">
              {entitlement.data?.trial
                ? t("plan.trial", { count: entitlement.data.trialDownloadsLeft ?? 0 })
                : clothAppValid
                  ? t("plan.valid")
                  : t("plan.coins")}
            </p>
          )}
          <GenerateButton
            images={images}
            coins={coins}
            unlimited={session.loggedIn && (clothAppValid || isUnlimited(session))}
            monthly={session.loggedIn && !clothAppValid && tier === "basic"}
            disabled={disabled}
            error={gen.error}
            onClick={onGenerate}
          />
        </>
      }
      results={
        <StudioResults
          headingId="clothing-results-title"
          live={live}
          aspect={CLOTHING_ASPECT}
          empty={
            <div className="flex min-h-64 items-center justify-center rounded-2xl border-2 border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
              {t("results.empty")}
            </div>
          }
        />
      }
    >
      <HistoryPanel
        app="clothing"
        describe={(g) => ({
          title: g.prompt || styleName(g.clothing?.style ?? "ghost"),
          tags: [
            styleName(g.clothing?.style ?? "ghost"),
            ...(g.clothing?.kind ? [kindName(g.clothing.kind)] : []),
          ],
        })}
        onView={(g) => show(g)}
        onRegenerate={(g) =>
          void gen.submit(
            {
              ...(g.uploadId ? { uploadId: g.uploadId } : {}),
              ...(g.referenceIds.length ? { referenceIds: g.referenceIds } : {}),
              ...(g.prompt ? { prompt: g.prompt } : {}),
              clothing: {
                style: g.clothing?.style ?? "ghost",
                ...(g.clothing?.kind ? { kind: g.clothing.kind } : {}),
                ...(g.clothing?.style === "model"
                  ? g.clothing.modelId
                    ? { modelId: g.clothing.modelId }
                    : { model }
                  : {}),
              },
            },
            g.count,
            clothAppValid ? 0 : coinCost(tier, g.count),
          )
        }
        onDeleted={(id) => {
          if (live?.id === id) clearLive();
        }}
        busy={disabled !== null}
        templateName={(id) => id}
      />
    </StudioLayout>
  );
}

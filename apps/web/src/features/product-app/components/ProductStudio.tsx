// /app for the product app: the five steps on the left, the live status and the photos on
// the right, the history below. One column at phone widths.
import type { PresetName, ProductKind } from "@studio/contracts";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { sharedQueryClient } from "../../../app/query-client.ts";
import { AppSwitcher } from "../../../pages/apps/AppSwitcher.tsx";
import { isUnlimited } from "../../../session/session-state.ts";
import { useSession } from "../../../session/use-session.ts";
import { useDocumentTitle } from "../../../ui/use-document-title.ts";
import {
  GenerateButton,
  HistoryPanel,
  PhotoDropzone,
  PresetPicker,
  PromptBox,
  ReferencePicker,
  Step,
  StudioLayout,
  StudioResults,
  useGpu,
  useStudioPage,
  useTemplates,
} from "../../studio/index.ts";
import { useGenerate } from "../hooks/use-generate.ts";
import { RecognisedKind } from "./RecognisedKind.tsx";
import { ResultsEmpty } from "./ResultsEmpty.tsx";
import { type ScenePath, ScenePathPicker } from "./ScenePathPicker.tsx";
import { TemplateGallery } from "./TemplateGallery.tsx";

// the editor (canvas work, its own strings) loads only when a seller opens it
const CutoutEditor = lazy(() => import("../cutout-editor/CutoutEditor.tsx"));

export default function ProductStudio({ client }: { client?: QueryClient }) {
  return (
    <QueryClientProvider client={client ?? sharedQueryClient()}>
      <Studio />
    </QueryClientProvider>
  );
}

function Studio() {
  const { t, i18n } = useTranslation("product-app");
  useDocumentTitle("product-app:title");
  const { session, setPromptText } = useSession();
  const [template, setTemplate] = useState<string | null>(null);
  const [preset, setPreset] = useState<PresetName>("web");
  const [scenePath, setScenePath] = useState<ScenePath>("generated");
  // the seller's correction of the recognised kind, for the photo it was made on only
  const [kindChoice, setKindChoice] = useState<{ id: string; kind: ProductKind } | null>(null);
  const gpu = useGpu();
  const [editing, setEditing] = useState(false);

  const studio = useStudioPage();
  const { photo, choose, clear, replace, references, limit, live, show, clearLive } = studio;
  const gen = useGenerate(studio.follow);
  const templates = useTemplates();

  // a new generation: bring its status and photos into view (they sit below the form on a
  // phone, and above the Generate button once a desktop visitor has scrolled down)
  const liveId = live?.id;
  useEffect(() => {
    if (liveId) revealResults();
  }, [liveId]);

  const uploadId = photo.phase === "uploaded" ? photo.upload.id : undefined;
  const productKind = kindChoice && kindChoice.id === uploadId ? kindChoice.kind : null;
  const { images, coins } = gen.costOf(preset);
  const disabled = studio.disabled(gen.submitting, session.promptText);

  const onGenerate = () =>
    gen.submit({
      ...(uploadId ? { uploadId } : {}),
      ...(references.ids.length ? { referenceIds: references.ids } : {}),
      ...(session.promptText.trim() ? { prompt: session.promptText.trim() } : {}),
      ...(template ? { template } : {}),
      ...(uploadId && productKind ? { productKind } : {}),
      preset,
      // the choice exists only while GPU servers answer
      ...(gpu.data?.scenes ? { scenePath } : {}),
    });

  const zh = i18n.language.startsWith("zh");
  const templateName = (id: string) => {
    const found = templates.data?.find((x) => x.id === id);
    return found ? (zh ? found.name.zh : found.name.en) : id;
  };

  return (
    <StudioLayout
      title={t("title")}
      subtitle={t("subtitle")}
      actions={<AppSwitcher current="product" />}
      steps={
        <>
          <Step n={1} title={t("steps.photo")}>
            <PhotoDropzone
              photo={photo}
              onFile={choose}
              onClear={clear}
              onEdit={() => setEditing(true)}
            />
            {photo.phase === "uploaded" && photo.cutout === "ready" ? (
              <RecognisedKind
                key={photo.upload.id}
                product={photo.upload.product}
                value={productKind}
                onChange={(kind) => setKindChoice(kind ? { id: photo.upload.id, kind } : null)}
              />
            ) : null}
          </Step>
          <Step n={2} title={t("steps.references")} optional>
            <ReferencePicker references={references} limit={limit} />
          </Step>
          <Step n={3} title={t("steps.prompt")} optional>
            <PromptBox value={session.promptText} onChange={setPromptText} />
          </Step>
          <Step n={4} title={t("steps.template")}>
            <TemplateGallery value={template} onChange={setTemplate} />
          </Step>
          <Step n={5} title={t("steps.preset")}>
            <PresetPicker value={preset} onChange={setPreset} />
            <ScenePathPicker value={scenePath} onChange={setScenePath} />
          </Step>
          <GenerateButton
            images={images}
            coins={coins}
            unlimited={session.loggedIn && isUnlimited(session)}
            monthly={session.loggedIn && gen.tier === "basic"}
            disabled={disabled}
            error={gen.error}
            onClick={onGenerate}
          />
        </>
      }
      results={<StudioResults headingId="results-title" live={live} empty={<ResultsEmpty />} />}
    >
      {editing && photo.phase === "uploaded" && (
        <Suspense fallback={null}>
          <CutoutEditor upload={photo.upload} onClose={() => setEditing(false)} onSaved={replace} />
        </Suspense>
      )}
      <HistoryPanel
        onView={(g) => {
          show(g);
          revealResults();
        }}
        onRegenerate={(g) => void gen.regenerate(g)}
        onDeleted={(id) => {
          if (live?.id === id) clearLive();
        }}
        busy={disabled !== null}
        templateName={templateName}
      />
    </StudioLayout>
  );
}

function revealResults() {
  const heading = document.getElementById("results-title");
  const top = heading?.getBoundingClientRect().top ?? 0;
  if (top < 64 || top > window.innerHeight - 120)
    heading?.scrollIntoView?.({ behavior: "smooth", block: "start" });
}

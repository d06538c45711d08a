// Make a video: the product photo (the product app's dropzone and upload hook), a prompt, the
// camera move, length, shape and frame rate. A second photo of the same product unlocks the
// turntable.
import type { Tier, VideoAspect, VideoMove } from "@studio/contracts";
import { VideoMoves, videoCost } from "@studio/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ProductPhoto } from "../../studio/index.ts";
import { PhotoDropzone } from "../../studio/index.ts";
import { RefusalNote } from "./RefusalNote.tsx";

export interface MakeRequest {
  move: VideoMove;
  seconds: 5 | 10;
  fps: 24 | 30;
  aspect: VideoAspect;
  prompt: string;
}

interface Upload {
  photo: ProductPhoto;
  choose: (f: File) => void;
  clear: () => void;
}

const ready = (p: ProductPhoto) => p.phase === "uploaded" && p.cutout !== "failed";

function Choice<T extends string | number>({
  label,
  value,
  options,
  onChange,
  name,
  text,
  disabled,
}: {
  label: string;
  value: T;
  options: readonly T[];
  onChange: (v: T) => void;
  name: string;
  text: (v: T) => string;
  disabled?: (v: T) => boolean;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-700">{label}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((o) => (
          <label
            key={String(o)}
            className={`cursor-pointer rounded-full px-3 py-1.5 text-sm ring-1 ${
              value === o
                ? "bg-indigo-600 text-white ring-indigo-600"
                : "bg-white text-slate-700 ring-slate-300"
            } ${disabled?.(o) ? "cursor-not-allowed opacity-40" : ""}`}
          >
            <input
              type="radio"
              name={name}
              className="sr-only"
              checked={value === o}
              disabled={disabled?.(o)}
              onChange={() => onChange(o)}
              data-testid={`${name}-${o}`}
            />
            {text(o)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function VideoMaker({
  main,
  extra,
  busy,
  error,
  onMake,
  tier,
}: {
  main: Upload;
  extra: Upload;
  busy: boolean;
  error: string | null;
  onMake: (req: MakeRequest) => void;
  /** the seller's plan: the button shows what the server will charge (plan-rules.ts) */
  tier: Tier;
}) {
  const { t } = useTranslation("video-app");
  const [move, setMove] = useState<VideoMove>("orbit");
  const [seconds, setSeconds] = useState<5 | 10>(5);
  const [fps, setFps] = useState<24 | 30>(30);
  const [aspect, setAspect] = useState<VideoAspect>("9:16");
  const [prompt, setPrompt] = useState("");
  const twoViews = ready(main.photo) && ready(extra.photo);
  const chosen = move === "turntable" && !twoViews ? "orbit" : move;
  // Pro and VIP make videos without coins, as the server charges them (videoCost)
  const coins = videoCost(tier, seconds);
  return (
    <div className="space-y-5 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <section>
        <h2 className="mb-2 text-base font-bold">{t("make.photo")}</h2>
        <PhotoDropzone photo={main.photo} onFile={main.choose} onClear={main.clear} />
      </section>
      {ready(main.photo) && (
        <details className="rounded-xl bg-slate-50 p-3 text-sm" data-testid="second-view">
          <summary className="cursor-pointer font-semibold">{t("make.secondView")}</summary>
          <p className="my-2 text-slate-600">{t("make.secondViewHint")}</p>
          <PhotoDropzone photo={extra.photo} onFile={extra.choose} onClear={extra.clear} />
        </details>
      )}
      <label className="block">
        <span className="text-sm font-semibold text-slate-700">{t("make.prompt")}</span>
        <textarea
          value={prompt}
          maxLength={1000}
          rows={2}
          onChange={(e) => setPrompt(e.target.value)}
          placeholder={t("make.promptPlaceholder")}
          className="mt-2 w-full rounded-xl border-0 px-3 py-2 text-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-indigo-500"
          data-testid="video-prompt"
        />
      </label>
      <Choice
        label={t("make.move")}
        name="move"
        value={chosen}
        options={VideoMoves}
        onChange={setMove}
        text={(m) => t(`moves.${m}`)}
        disabled={(m) => m === "turntable" && !twoViews}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Choice
          label={t("make.length")}
          name="seconds"
          value={seconds}
          options={[5, 10] as const}
          onChange={setSeconds}
          text={(s) => t("make.seconds", { seconds: s })}
        />
        <Choice
          label={t("make.aspect")}
          name="aspect"
          value={aspect}
          options={["9:16", "1:1", "16:9"] as const}
          onChange={setAspect}
          text={(a) => t(`aspects.${a === "9:16" ? "vertical" : a === "1:1" ? "square" : "wide"}`)}
        />
        <Choice
          label={t("make.fps")}
          name="fps"
          value={fps}
          options={[24, 30] as const}
          onChange={setFps}
          text={(f) => t("make.fpsValue", { fps: f })}
        />
      </div>
      <RefusalNote error={error} />
      <button
        type="button"
        disabled={busy || !ready(main.photo)}
        onClick={() => onMake({ move: chosen, seconds, fps, aspect, prompt: prompt.trim() })}
        className="w-full rounded-2xl bg-indigo-600 px-4 py-3 text-base font-bold text-white shadow hover:bg-indigo-500 disabled:cursor-not-allowed disabled:opacity-50"
        data-testid="make-video"
      >
        {!ready(main.photo)
          ? t("make.needPhoto")
          : coins > 0
            ? t("make.button", { coins })
            : t("make.buttonIncluded")}
      </button>
    </div>
  );
}

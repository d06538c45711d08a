// Who wears the garment: gender, age, skin tone, body type and pose, or a saved model (the
// same person across the catalogue). A new look can be kept under a name.
import type { ClothingModel, ModelChoices } from "@studio/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/Button.tsx";
import { clothingApi } from "../api/clothing-api.ts";
import { clothingKeys } from "../hooks/use-clothing-queries.ts";
import { MODEL_OPTIONS } from "../model/clothing-choices.ts";

interface Props {
  userId: string;
  saved: ClothingModel[];
  choices: ModelChoices;
  onChoices: (c: ModelChoices) => void;
  modelId: string | null;
  onModelId: (id: string | null) => void;
}

const FIELDS = ["gender", "age", "skinTone", "bodyType", "pose"] as const;

export function ModelPicker({ userId, saved, choices, onChoices, modelId, onModelId }: Props) {
  const { t } = useTranslation("clothing-app");
  const client = useQueryClient();
  const id = useId();
  const [name, setName] = useState("");
  const [status, setStatus] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const select =
    "min-h-11 w-full rounded-xl bg-white px-3 text-sm text-slate-900 ring-1 ring-slate-300 focus:ring-2 focus:ring-indigo-600 focus:outline-none";

  const save = async () => {
    setSaving(true);
    setStatus(null);
    try {
      const m = await clothingApi.createModel({ name: name.trim(), choices });
      await client.invalidateQueries({ queryKey: clothingKeys.models(userId) });
      onModelId(m.id);
      setName("");
      setStatus(t("model.savedOk", { name: m.name }));
    } catch (err) {
      setStatus((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="space-y-3" data-testid="model-picker">
      {saved.length > 0 && (
        <div>
          <label htmlFor={`${id}-saved`} className="mb-1 block text-xs font-medium text-slate-700">
            {t("model.saved")}
          </label>
          <select
            id={`${id}-saved`}
            className={select}
            value={modelId ?? ""}
            onChange={(e) => onModelId(e.target.value || null)}
            data-testid="saved-model"
          >
            <option value="">{t("model.newModel")}</option>
            {saved.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
                {m.hasReference ? ` · ${t("model.fixed")}` : ""}
              </option>
            ))}
          </select>
        </div>
      )}
      {modelId === null && (
        <>
          <div className="grid grid-cols-2 gap-2">
            {FIELDS.map((f) => (
              <div key={f} className={f === "pose" ? "col-span-2" : ""}>
                <label
                  htmlFor={`${id}-${f}`}
                  className="mb-1 block text-xs font-medium text-slate-700"
                >
                  {t(`model.${f}`)}
                </label>
                <select
                  id={`${id}-${f}`}
                  className={select}
                  value={choices[f]}
                  onChange={(e) => onChoices({ ...choices, [f]: e.target.value })}
                >
                  {(MODEL_OPTIONS[f] as string[]).map((v) => (
                    <option key={v} value={v}>
                      {f === "age" ? v : t(`model.${v}`)}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </div>
          <div>
            <label htmlFor={`${id}-name`} className="mb-1 block text-xs font-medium text-slate-700">
              {t("model.keep")}
            </label>
            <div className="flex gap-2">
              <input
                id={`${id}-name`}
                className={`${select} min-w-0 flex-1`}
                value={name}
                maxLength={60}
                placeholder={t("model.namePlaceholder")}
                onChange={(e) => setName(e.target.value)}
              />
              <Button variant="secondary" onClick={save} disabled={!name.trim() || saving}>
                {t("model.save")}
              </Button>
            </div>
          </div>
        </>
      )}
      {status && (
        <p role="status" className="text-xs text-slate-700">
          {status}
        </p>
      )}
    </div>
  );
}

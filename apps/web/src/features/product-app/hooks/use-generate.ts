// The Product studio's Generate and Regenerate: the studios' shared submit (guards, refusals:
// studio/hooks/use-studio-submit.ts) with this studio's price, which depends on the preset.
import type { Generation, GenerationRequest, PresetName, SubmitResponse } from "@studio/contracts";
import { useCallback } from "react";
import { tierOf } from "../../../session/session-state.ts";
import { useSession } from "../../../session/use-session.ts";
import { coinCost, imagesFor, type SubmitCost, useStudioSubmit } from "../../studio/index.ts";

type ProductRequest = GenerationRequest & { preset: PresetName };

export function useGenerate(
  follow: (res: SubmitResponse, count: number, preset: PresetName) => void,
) {
  const { session } = useSession();
  const tier = tierOf(session.paymentType, session.valid);

  const costOf = useCallback(
    (preset: PresetName): SubmitCost => {
      const images = imagesFor(tier, preset);
      return { images, coins: coinCost(tier, images) };
    },
    [tier],
  );

  const shared = useStudioSubmit<ProductRequest>(
    useCallback(
      (res: SubmitResponse, req: ProductRequest, cost: SubmitCost) =>
        follow(res, cost.images, req.preset),
      [follow],
    ),
    { action: "generate" },
  );
  const { submit: submitShared } = shared;

  const submit = useCallback(
    (req: ProductRequest) => submitShared(req, costOf(req.preset)),
    [costOf, submitShared],
  );

  /** the same inputs again: photo, references, prompt, template and preset */
  const regenerate = useCallback(
    (g: Generation) =>
      submit({
        ...(g.uploadId ? { uploadId: g.uploadId } : {}),
        ...(g.referenceIds.length ? { referenceIds: g.referenceIds } : {}),
        ...(g.prompt ? { prompt: g.prompt } : {}),
        ...(g.template ? { template: g.template } : {}),
        preset: g.preset,
      }),
    [submit],
  );

  return { ...shared, submit, regenerate, costOf };
}

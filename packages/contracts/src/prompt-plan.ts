// POST /api/prompt-plan: what the engine understood of a prompt (decision 0451), shown under the
// prompt box while the seller types: the camera, place, light, props it will build, and the
// words it cannot realise.
import { type Static, Type as T } from "@sinclair/typebox";

export const PromptPlanBody = T.Object(
  { prompt: T.String({ maxLength: 1000, description: "the prompt, English or Chinese" }) },
  { additionalProperties: false },
);
export type PromptPlanBody = Static<typeof PromptPlanBody>;

const Nullable = (s: ReturnType<typeof T.String>) => T.Union([s, T.Null()]);

export const PromptPlanResponse = T.Object({
  camera: Nullable(
    T.String({ description: "eye-level, three-quarter, low, high, top-down, close-up" }),
  ),
  setting: Nullable(
    T.String({ description: "studio, kitchen, beach, forest, snow, city-street, …" }),
  ),
  surface: Nullable(T.String({ description: "marble, wood, paper, …" })),
  lights: T.Array(T.String()),
  palette: T.Array(T.String({ description: "#rrggbb" })),
  mood: Nullable(T.String()),
  season: Nullable(T.String()),
  holiday: Nullable(T.String()),
  props: T.Array(T.String({ description: "flowers, leaves, stones, fruit, gift-boxes, …" })),
  product: Nullable(T.String({ description: "the product the prompt names: ring, sofa, car, …" })),
  stands: T.Union([T.Literal("table"), T.Literal("floor"), T.Literal("ground")], {
    description: "what the set stands the product on, from its size: table, floor or ground",
  }),
  unused: T.Array(T.String(), { description: "words of the prompt the engine did not use" }),
});
export type PromptPlanResponse = Static<typeof PromptPlanResponse>;

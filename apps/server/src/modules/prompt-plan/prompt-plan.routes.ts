// POST /api/prompt-plan: the engine's reading of a prompt, for the hint under the prompt box.
// Pure computation (no database, no image): anyone may ask, limited per IP.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { ErrorResponse, PromptPlanBody, PromptPlanResponse } from "@studio/contracts";
import { parsePrompt, productScale } from "@studio/engine";
import type { FastifyInstance } from "fastify";
import type { RateLimit } from "../../config.ts";
import { limitTo } from "../../http/rate-limit.ts";

const hex = (c: readonly number[]) =>
  `#${c.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;

export async function promptPlanRoutes(fastify: FastifyInstance, opts: { rateLimit: RateLimit }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    "/api/prompt-plan",
    {
      config: limitTo(opts.rateLimit),
      bodyLimit: 8 * 1024,
      schema: {
        summary: "What the engine understood of a prompt, and the words it cannot use",
        body: PromptPlanBody,
        response: { 200: PromptPlanResponse, "4xx": ErrorResponse },
      },
    },
    async (request) => {
      const i = parsePrompt(request.body.prompt);
      const scale = productScale(i);
      return {
        camera: i.camera ?? null,
        setting: i.setting ?? null,
        surface: i.materials[0] ?? null,
        lights: i.lights,
        palette: i.colors.map(hex),
        mood: i.mood ?? null,
        season: i.season ?? null,
        holiday: i.holiday ?? null,
        props: i.things,
        product: scale.kind,
        stands: scale.stands,
        unused: i.unused,
      };
    },
  );
}

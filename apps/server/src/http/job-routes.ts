// The routes every upload-then-job resource answers alike (generations, videos, video orders):
// submit (rate-limited per IP, answered before the job runs), one by id, and delete or cancel,
// each for the token's user only (another user's id is the service's 404). A resource's own
// routes (its list, status and media) stay in its *.routes.ts.
import type { Static, TSchema } from "@sinclair/typebox";
import { DeleteResponse, IdParams } from "@studio/contracts";
import type { FastifyInstance } from "fastify";
import { errorResponses } from "./error-responses.ts";
import { requireUserId } from "./media-auth.ts";
import { limitTo } from "./rate-limit.ts";

/** What the routes call: the resource's service (another user's id is its 404). */
export interface JobService<Body> {
  submit(userId: string, body: Body, requestId: string): Promise<unknown>;
  get(userId: string, id: string): Promise<unknown>;
  remove?(userId: string, id: string): Promise<unknown>;
}

export interface JobRoutes<Body extends TSchema> {
  /** e.g. "/api/videos": POST there submits, GET and DELETE `${base}/:id` */
  base: string;
  rateLimit: Parameters<typeof limitTo>[0];
  submit: {
    summary: string;
    body: Body;
    /** 202: queued; 201: stored, nothing runs yet */
    status: 201 | 202;
    response: TSchema;
  };
  /** the resource as GET `${base}/:id` answers it */
  resource: TSchema;
  /** DELETE `${base}/:id` (the service's remove), answered with DeleteResponse */
  remove?: string;
}

export function registerJobRoutes<Body extends TSchema>(
  app: FastifyInstance,
  service: JobService<Static<Body>>,
  spec: JobRoutes<Body>,
) {
  const { base, submit } = spec;
  app.post(
    base,
    {
      config: limitTo(spec.rateLimit),
      schema: {
        summary: submit.summary,
        body: submit.body,
        response: { [submit.status]: submit.response, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(submit.status)
        .send(
          await service.submit(requireUserId(request), request.body as Static<Body>, request.id),
        ),
  );
  const byId = `${base}/:id`;
  const idOf = (params: unknown) => (params as Static<typeof IdParams>).id;
  app.get(
    byId,
    { schema: { params: IdParams, response: { 200: spec.resource, ...errorResponses } } },
    async (request) => service.get(requireUserId(request), idOf(request.params)),
  );
  const { remove } = service;
  if (!spec.remove || !remove) return;
  app.delete(
    byId,
    {
      schema: {
        summary: spec.remove,
        params: IdParams,
        response: { 200: DeleteResponse, ...errorResponses },
      },
    },
    async (request) => remove.call(service, requireUserId(request), idOf(request.params)),
  );
}

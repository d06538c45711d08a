// The /v1 routes every job resource answers alike (generations, videos, batches): create
// (idempotent, 202: answered before the job runs), one by id, and delete or cancel, for the API
// key's account only (another account's id is the service's 404); each documented with its
// operationId, the v1 tag and security and the v1 errors. A resource's own routes (lists,
// results, a batch's multipart create) stay in its v1-*.routes.ts.
import type { Static, TSchema } from "@sinclair/typebox";
import { DeleteResponse, IdempotencyHeaders } from "@studio/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Idempotency } from "./idempotency.ts";
import { caller, v1Security } from "./v1-auth.ts";
import { v1Errors } from "./v1-errors.ts";

/** The head of every /v1 operation's schema: its name (the client's method), its summary, the
 * v1 tag and the API key's security. */
export function v1Operation(operationId: string, summary: string) {
  return { operationId, summary, tags: ["v1"], security: v1Security };
}

/** A multipart request's body is read in the handler; an empty one passes its (documentation) schema. */
export async function multipartBodyInHandler(request: FastifyRequest) {
  if (request.isMultipart()) request.body = {};
}

/** What the routes call: the resource's service, by account. */
export interface V1JobService<Body> {
  submit?(accountId: string, body: Body): Promise<unknown>;
  get(accountId: string, id: string): Promise<unknown>;
  remove(accountId: string, id: string): Promise<unknown>;
}

/** An operation's name in the OpenAPI document (the client's method) and its summary. */
type Operation = [operationId: string, summary: string];

export interface V1JobRoutes<Body extends TSchema> {
  /** e.g. "/videos": POST there creates, GET and DELETE `${base}/:id` */
  base: string;
  /** the id's schema */
  params: TSchema;
  /** the resource as GET answers it */
  resource: TSchema;
  create?: [...Operation, body: Body, answer: TSchema];
  get: Operation;
  remove: Operation;
}

export function registerV1JobRoutes<Body extends TSchema>(
  app: FastifyInstance,
  service: V1JobService<Static<Body>>,
  idempotency: Idempotency,
  spec: V1JobRoutes<Body>,
) {
  const { base, params, resource } = spec;
  const v1 = v1Operation;
  const { submit } = service;
  if (spec.create && submit) {
    const [operationId, summary, body, answer] = spec.create;
    app.post(
      base,
      {
        schema: {
          ...v1(operationId, summary),
          headers: IdempotencyHeaders,
          body,
          response: { 202: answer, ...v1Errors },
        },
      },
      async (request, reply) => {
        const { accountId } = caller(request);
        const payload = request.body as Static<Body>;
        return idempotency.run(request, reply, accountId, payload, async () => ({
          status: 202,
          body: await submit.call(service, accountId, payload),
        }));
      },
    );
  }
  const byId = `${base}/:id`;
  const idOf = (p: unknown) => (p as { id: string }).id;
  app.get(
    byId,
    { schema: { ...v1(...spec.get), params, response: { 200: resource, ...v1Errors } } },
    async (request) => service.get(caller(request).accountId, idOf(request.params)),
  );
  app.delete(
    byId,
    { schema: { ...v1(...spec.remove), params, response: { 200: DeleteResponse, ...v1Errors } } },
    async (request) => service.remove(caller(request).accountId, idOf(request.params)),
  );
}

// Typed job names and their payload schemas. Every job a process may find in the queue is
// listed here; a runner refuses to start unless each has a handler, and every payload is
// checked against its schema when it is received (a malformed job fails without running).
import { type Static, Type as T, type TSchema } from "@sinclair/typebox";

const Uuid = T.String({
  pattern: "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
});

/**
 * The id of the HTTP request that queued the job (decision 0903's request ids), so the
 * worker's log lines for the job can be found next to the request's. The same shape the
 * server accepts from a proxy's X-Request-Id, or a UUID.
 */
export const RequestId = T.String({ pattern: "^[A-Za-z0-9._:-]{8,64}$" });
const traced = { requestId: T.Optional(RequestId) };

export const jobPayloads = {
  /** compute and store an upload's cut-out (one at a time per worker: it saturates the CPU) */
  "upload.cutout": T.Object({ uploadId: Uuid, ...traced }, { additionalProperties: false }),
  /** render, store and deliver a generation's images */
  "generation.run": T.Object({ generationId: Uuid, ...traced }, { additionalProperties: false }),
  /** dead letter of generation.run: its attempts are spent; fail it and refund */
  "generation.failed": T.Object({ generationId: Uuid, ...traced }, { additionalProperties: false }),
  /** render, encode and store a product video */
  "video.run": T.Object({ videoId: Uuid, ...traced }, { additionalProperties: false }),
  /** dead letter of video.run: fail it and refund */
  "video.failed": T.Object({ videoId: Uuid, ...traced }, { additionalProperties: false }),
  /** import and render one photo of a batch: a generation with a batch_items row */
  "batch.item": T.Object({ generationId: Uuid, ...traced }, { additionalProperties: false }),
  /** dead letter of batch.item: fail that photo and refund it */
  "batch.failed": T.Object({ generationId: Uuid, ...traced }, { additionalProperties: false }),
  /** one attempt to POST a webhook event; the next attempt is its own job */
  "webhook.deliver": T.Object(
    {
      deliveryId: Uuid,
      attempt: T.Integer({ minimum: 1, maximum: 1000 }),
      /** a re-send from the account page: one attempt, no automatic retries */
      manual: T.Optional(T.Boolean()),
    },
    { additionalProperties: false },
  ),
} satisfies Record<string, TSchema>;

export type JobName = keyof typeof jobPayloads;
export type JobPayload<N extends JobName> = Static<(typeof jobPayloads)[N]>;
export const jobNames = Object.keys(jobPayloads) as JobName[];

/**
 * Fetch order when a worker is free: cut-outs first (the seller is waiting on the page), and
 * webhook deliveries, a network call each, before any render.
 */
export const fetchOrder: JobName[] = [
  "upload.cutout",
  "webhook.deliver",
  "generation.failed",
  "video.failed",
  "batch.failed",
  "generation.run",
  "video.run",
  "batch.item",
];

/**
 * Bulk work (batches): fetched after everything else, except that after BATCH_FAIR_SHARE
 * other jobs in a row a runner tries a bulk job first — interactive users go first, batches
 * still get their share (docs/decisions/1004).
 */
export const bulkJobs: JobName[] = ["batch.item"];

/** Jobs whose spent attempts go to a dead-letter job (which fails the work and refunds it). */
export const deadLetterOf: Partial<Record<JobName, JobName>> = {
  "generation.run": "generation.failed",
  "video.run": "video.failed",
  "batch.item": "batch.failed",
};

export interface JobContext {
  jobId: string;
  /** 0 on the first attempt */
  retryCount: number;
  retryLimit: number;
  workerId: string;
  /** the queuing request's id, when the payload carried one */
  requestId?: string;
  /** log lines about this job: they carry the job id and the request id */
  log: JobLog;
}

export interface JobLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export type JobHandler<N extends JobName> = (data: JobPayload<N>, ctx: JobContext) => Promise<void>;
export type JobHandlers = { [N in JobName]: JobHandler<N> };

/** Thrown by a handler when retrying cannot help (bad input): the job fails at once. */
export class PermanentJobError extends Error {}

export function assertHandlers(handlers: Partial<Record<string, unknown>>): void {
  for (const name of jobNames) {
    if (typeof handlers[name] !== "function") {
      throw new Error(`Job "${name}" has no handler: refusing to start`);
    }
  }
  for (const name of Object.keys(handlers)) {
    if (!(name in jobPayloads)) throw new Error(`Handler for unknown job "${name}"`);
  }
}

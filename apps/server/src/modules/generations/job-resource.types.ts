// What the service of an upload-then-job resource is built with: generations and videos both
// take the seller's uploads, reserve coins, queue a job, keep its files and sign their links.
import type { Clock } from "../../clock.ts";
import type { GenerationsConfig } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import type { CoinsService } from "../coins/coins.service.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { MediaTokens } from "../storage/media-token.ts";
import type { ObjectStorage } from "../storage/storage.types.ts";
import type { UploadsService } from "../uploads/uploads.service.ts";

export interface JobResourceDeps {
  db: Db;
  config: GenerationsConfig;
  clock: Clock;
  coins: CoinsService;
  queue: JobQueue;
  uploads: UploadsService;
  storage: ObjectStorage;
  tokens: MediaTokens;
  /** nudges the in-process job runner (embedded mode) */
  wake?: () => void;
}

// What GET /api/admin/queue answers (decision 0905): the console's "Generations and queue" page.
// Plain types, no schemas: the server builds them from SQL rows, the web app only reads them.

export interface QueuedGeneration {
  id: string;
  email: string;
  status: string;
  /** 1 = next to run; null while running */
  position: number | null;
  priority: number;
  imageCount: number;
  attempts: number;
  workerId: string | null;
  createdAt: string;
  startedAt: string | null;
}

export interface WorkerAlive {
  id: string;
  kind: string;
  host: string;
  pid: number;
  currentJob: string | null;
  startedAt: string;
  lastSeenSecondsAgo: number;
}

export interface FinishedGeneration {
  id: string;
  accountId: string;
  email: string;
  status: "done" | "failed";
  prompt: string;
  delivered: number;
  imageCount: number;
  attempts: number;
  /** what the user was told */
  error: string | null;
  /** the last error the queue recorded for the job (absent when the handler failed it cleanly) */
  jobError: string | null;
  reserved: number;
  /** coins still kept from this generation's spend: what an admin refund would give back */
  refundable: number;
  finishedAt: string | null;
}

export interface QueueSnapshot {
  queue: QueuedGeneration[];
  workers: WorkerAlive[];
  failed: FinishedGeneration[];
  done: FinishedGeneration[];
  heartbeatSeconds: number;
}

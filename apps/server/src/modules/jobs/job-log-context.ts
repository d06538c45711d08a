// The job a piece of work belongs to, for log lines written far from the runner (the engine
// thread's adapter): the runner runs each handler inside `jobLogContext.run(fields, …)`, and
// anything awaited from there reads the same fields. Outside a job the store is undefined.
import { AsyncLocalStorage } from "node:async_hooks";

export interface JobLogFields {
  /** the id of the HTTP request that queued the job, when it carried one */
  reqId?: string;
  jobId: string;
  job: string;
  workerId: string;
}

export const jobLogContext = new AsyncLocalStorage<JobLogFields>();

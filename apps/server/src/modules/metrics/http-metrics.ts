// HTTP latency by route: a Prometheus histogram kept in process memory (each API process is
// scraped on its own, as Prometheus expects).
import type { FastifyInstance } from "fastify";

export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  buckets: number[];
  sum: number;
  count: number;
}

export function createHttpMetrics() {
  const series = new Map<string, Series>();
  return {
    observe(method: string, route: string, status: number, seconds: number) {
      const key = JSON.stringify([method, route, `${Math.floor(status / 100)}xx`]);
      let s = series.get(key);
      if (!s) {
        s = { buckets: LATENCY_BUCKETS.map(() => 0), sum: 0, count: 0 };
        series.set(key, s);
      }
      LATENCY_BUCKETS.forEach((b, i) => {
        if (seconds <= b) (s as Series).buckets[i] = ((s as Series).buckets[i] ?? 0) + 1;
      });
      s.sum += seconds;
      s.count += 1;
    },
    register(app: FastifyInstance) {
      app.addHook("onResponse", async (request, reply) => {
        // unmatched paths share one label, so scanners cannot blow up the series count
        const route = request.routeOptions.url ?? "unmatched";
        if (route === "/metrics") return;
        this.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      });
    },
    text(): string {
      const lines = [
        "# HELP http_request_duration_seconds HTTP request latency by route",
        "# TYPE http_request_duration_seconds histogram",
      ];
      for (const [key, s] of series) {
        const [method, route, status] = JSON.parse(key) as string[];
        const l = `method="${method}",route="${esc(route ?? "")}",status="${status}"`;
        LATENCY_BUCKETS.forEach((b, i) => {
          lines.push(`http_request_duration_seconds_bucket{${l},le="${b}"} ${s.buckets[i]}`);
        });
        lines.push(`http_request_duration_seconds_bucket{${l},le="+Inf"} ${s.count}`);
        lines.push(`http_request_duration_seconds_sum{${l}} ${s.sum}`);
        lines.push(`http_request_duration_seconds_count{${l}} ${s.count}`);
      }
      return lines.join("\n");
    },
  };
}

export function esc(v: string): string {
  return v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}

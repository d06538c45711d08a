// The two console pages on canned server answers (fetch is the only boundary): the refusal
// screen for a non-admin, the action log (all actions on the overview, generation actions on
// the queue page), the generation-time charts on both, and the queue itself.
import type { QueueSnapshot } from "@studio/contracts";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminAction, Stats } from "../../features/admin/admin-api.ts";
import { renderApp } from "../../test/render.tsx";
import AdminPage from "./AdminPage.tsx";
import AdminQueuePage from "./AdminQueuePage.tsx";

afterEach(() => vi.unstubAllGlobals());

const stats: Stats = {
  funnel: [
    { step: "visit", count: 10 },
    { step: "signup", count: 4 },
  ],
  points: [
    {
      day: "2026-01-01",
      signups: 1,
      generations: 2,
      images: 8,
      coinsSpent: 8,
      p50Seconds: 3.25,
      p95Seconds: 9.5,
    },
  ],
  revenue: null,
};
const actions: AdminAction[] = [
  {
    id: 2,
    admin: "boss@example.test",
    action: "generation.refund",
    target: "gen-1",
    detail: { reason: "blank photo" },
    at: "2026-01-01T10:00:00Z",
  },
  {
    id: 1,
    admin: "boss@example.test",
    action: "account.block",
    target: "user-9",
    detail: {},
    at: "2026-01-01T09:00:00Z",
  },
];
const snapshot: QueueSnapshot = {
  queue: [
    {
      id: "g-run",
      email: "a@example.test",
      status: "generating",
      position: null,
      priority: 0,
      imageCount: 4,
      attempts: 1,
      workerId: "w1",
      createdAt: "2026-01-01T10:00:00Z",
      startedAt: "2026-01-01T10:00:01Z",
    },
    {
      id: "g-wait",
      email: "b@example.test",
      status: "waitlisted",
      position: 1,
      priority: 0,
      imageCount: 2,
      attempts: 0,
      workerId: null,
      createdAt: "2026-01-01T10:00:02Z",
      startedAt: null,
    },
  ],
  workers: [],
  failed: [],
  done: [],
  heartbeatSeconds: 5,
};

/** answers by path; anything else is 404 */
function serve(answers: Record<string, unknown>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const body = answers[new URL(String(input), window.location.origin).pathname];
      if (body === undefined) return new Response("{}", { status: 404 });
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
}

/** the server refusing every call, as it does for an account that is not an admin */
function refuse(status: 401 | 403) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ error: "Forbidden" }), { status })),
  );
}

describe("admin console pages", () => {
  it("the overview shows the refusal when the server says this is not an admin", async () => {
    refuse(403);
    renderApp(<AdminPage />, { route: "/admin" });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Only administrators can open the admin console.",
    );
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Admin");
  });

  it("the overview lists every admin action with its reason, and the generation times", async () => {
    serve({
      "/api/admin/stats": stats,
      "/api/admin/users": { users: [] },
      "/api/admin/actions": { actions },
      "/api/admin/maintenance": { at: null, minutes: 60, setBy: null },
      "/api/admin/outbox": {
        smtp: false,
        messages: [
          {
            id: 1,
            to: "new@example.test",
            subject: "Verify your email for Photoshoot Studio",
            text: "Open http://localhost:8080/api/verify-email?token=abc to verify.",
            createdAt: "2026-01-01T10:00:00Z",
          },
        ],
      },
    });
    renderApp(<AdminPage />, { route: "/admin" });
    // mail kept without SMTP, its link clickable (decision 0910)
    const outbox = within(await screen.findByTestId("admin-outbox"));
    expect(outbox.getByText(/No SMTP server is configured/)).toBeInTheDocument();
    expect(
      outbox.getByRole("link", { name: "http://localhost:8080/api/verify-email?token=abc" }),
    ).toHaveAttribute("href", "http://localhost:8080/api/verify-email?token=abc");
    const log = within(
      (await screen.findByRole("heading", { name: "Admin actions" })).parentElement!,
    );
    expect(await log.findByText(/refunded generation/)).toBeInTheDocument();
    expect(log.getByText("— blank photo", { exact: false })).toBeInTheDocument();
    expect(log.getByText(/blocked/)).toBeInTheDocument();
    expect(await screen.findByRole("img", { name: "Generation time p50" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Generation time p95" })).toBeInTheDocument();
  });

  it("the queue page shows the queue, only generation actions, and the generation times", async () => {
    serve({
      "/api/admin/stats": stats,
      "/api/admin/actions": { actions },
      "/api/admin/queue": snapshot,
    });
    renderApp(<AdminQueuePage />, { route: "/admin/queue" });
    expect(await screen.findByText("a@example.test")).toBeInTheDocument();
    expect(screen.getByText("b@example.test")).toBeInTheDocument();
    const log = within(screen.getByRole("heading", { name: "Generation actions" }).parentElement!);
    expect(await log.findByText(/refunded generation/)).toBeInTheDocument();
    expect(log.queryByText(/blocked/)).toBeNull();
    expect(await screen.findByRole("img", { name: "Generation time p50" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Generation time p95" })).toBeInTheDocument();
  });

  it("the queue page shows the refusal under its own title", async () => {
    refuse(401);
    renderApp(<AdminQueuePage />, { route: "/admin/queue" });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Only administrators can open the admin console.",
    );
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Generations and queue");
  });
});

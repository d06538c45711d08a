import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, request, requestBlob } from "./request.ts";

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const answer = (body: unknown, status = 200) =>
  vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(async () => new Response(JSON.stringify(body), { status }));

describe("request", () => {
  it.each(["GET", "POST", "PUT", "PATCH", "DELETE"] as const)(
    "speaks %s with the stored token and the query",
    async (method) => {
      localStorage.setItem("token", "tok-9");
      const spy = answer({ ok: 1 });
      await expect(request(method, "/api/x", { query: { page: 2, q: "a b" } })).resolves.toEqual({
        ok: 1,
      });
      const [url, init] = spy.mock.calls[0] as [URL, RequestInit];
      expect(url.pathname + url.search).toBe("/api/x?page=2&q=a+b");
      expect(init.method).toBe(method);
      expect((init.headers as Record<string, string>).Authorization).toBe("Bearer tok-9");
    },
  );

  it("raises one ApiError with the status, the server's code and its text", async () => {
    answer(
      { error: "Your Fashion trial's downloads are used.", code: "trial_downloads_used" },
      402,
    );
    const err = await request("POST", "/api/generations", { body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 402,
      code: "trial_downloads_used",
      error: "Your Fashion trial's downloads are used.",
    });
  });

  it("an answer without a JSON error still says its status", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("<html>", { status: 502 }));
    const err = (await request("GET", "/api/x").catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ status: 502, error: "", code: undefined, message: "HTTP 502" });
  });

  it("a server that cannot be reached is status 0; an abort stays an AbortError", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await expect(request("GET", "/api/x")).rejects.toMatchObject({ status: 0 });
    vi.spyOn(globalThis, "fetch").mockRejectedValueOnce(new DOMException("aborted", "AbortError"));
    await expect(request("GET", "/api/x")).rejects.toMatchObject({ name: "AbortError" });
  });

  it("sends a file as is: a Blob with its own type, a FormData as multipart", async () => {
    const spy = answer({});
    const png = new Blob(["x"], { type: "image/png" });
    await request("PUT", "/api/uploads/u/mask", { file: png });
    let init = spy.mock.calls[0]?.[1] as RequestInit;
    expect(init.body).toBe(png);
    expect((init.headers as Record<string, string>)["Content-Type"]).toBe("image/png");
    const form = new FormData();
    form.append("file", png, "a.png");
    await request("POST", "/api/x", { file: form, token: null });
    init = spy.mock.calls[1]?.[1] as RequestInit;
    expect(init.body).toBe(form);
    // the browser writes the multipart boundary itself
    expect((init.headers as Record<string, string>)["Content-Type"]).toBeUndefined();
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it("requestBlob tells 202 (not ready) from a file", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 202 }));
    await expect(requestBlob("GET", "/api/uploads/u/mask")).resolves.toMatchObject({
      status: 202,
    });
  });
});

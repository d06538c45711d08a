// Small helpers for app.inject tests.
import { randomBytes } from "node:crypto";
import type { LoginResponse, SignupRequest } from "@studio/contracts";
import type { FastifyInstance } from "fastify";
import { multipartBody, productPhoto } from "../modules/uploads/test-images.test-helper.ts";

let counter = 0;

export function uniqueName(prefix = "user"): string {
  counter += 1;
  return `${prefix}${counter}${randomBytes(3).toString("hex")}`;
}

export function signupBody(overrides: Partial<SignupRequest> = {}): SignupRequest {
  const username = overrides.username ?? uniqueName();
  return {
    username,
    userEmail: `${uniqueName("mail")}@example.com`,
    password: "correct horse battery",
    gender: "female",
    dob: "1990-01-01",
    location: "Paris",
    language: "fr-FR",
    occupation: "shop owner",
    field: "fashion",
    timeZone: "UTC",
    ...overrides,
  };
}

export async function signup(app: FastifyInstance, overrides: Partial<SignupRequest> = {}) {
  const body = signupBody(overrides);
  const res = await app.inject({ method: "POST", url: "/api/signup", payload: body });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return { ...(res.json() as LoginResponse), password: body.password };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** `method url` as the holder of `token` (a session or an API key), with a JSON `payload` */
export function injectAs(
  app: FastifyInstance,
  token: string | null | undefined,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
) {
  return app.inject({ method, url, headers: token ? bearer(token) : {}, payload });
}

/** One photo generated from the upload on the in-process runner, to its end: its status. */
export async function generateOneAndRun(app: FastifyInstance, token: string, uploadId: string) {
  const gen = await injectAs(app, token, "POST", "/api/generations", {
    uploadId,
    prompt: "on marble",
    count: 1,
  });
  if (gen.statusCode !== 202) throw new Error(`generation refused: ${gen.statusCode} ${gen.body}`);
  await app.pipeline.runner?.runUntilIdle();
  const done = await injectAs(app, token, "GET", `/api/generations/${gen.json().id}`);
  return done.json().status as string;
}

/** signs a seller up and grants what they lack of `coins` (one grant, key `t:<user>`) */
export async function sellerWithCoins(
  app: FastifyInstance,
  coins = 0,
  overrides: Partial<SignupRequest> = {},
) {
  const u = await signup(app, overrides);
  const balance = await app.services.coins.balance(u.userId);
  if (coins > balance) {
    await app.services.coins.grant({
      accountId: u.userId,
      amount: coins - balance,
      key: `t:${u.userId}`,
      reason: "test",
    });
  }
  return u;
}

/** a seller with `coins` and an API key of `scopes` (the key's secret and id beside the login) */
export async function sellerWithApiKey(
  app: FastifyInstance,
  coins = 0,
  scopes: string[] = ["generate", "read"],
) {
  const u = await sellerWithCoins(app, coins);
  const res = await app.inject({
    method: "POST",
    url: "/api/keys",
    headers: bearer(u.token),
    payload: { name: "script", scopes },
  });
  if (res.statusCode !== 201) throw new Error(`API key failed: ${res.statusCode} ${res.body}`);
  return { ...u, key: res.json().key as string, keyId: res.json().id as string };
}

/** uploads a product photo of the given colour as `token`'s user; the upload's id */
export async function uploadPhoto(
  app: FastifyInstance,
  token: string,
  color: { r: number; g: number; b: number },
): Promise<string> {
  const res = await postUpload(app, token, multipartBody(await productPhoto({ color })));
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

/** POST /api/uploads of a multipart body (multipartBody(bytes)) as `token`'s user, answered as it is */
export function postUpload(
  app: FastifyInstance,
  token: string,
  body: ReturnType<typeof multipartBody>,
  query = "",
) {
  return app.inject({
    method: "POST",
    url: `/api/uploads${query}`,
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}

// Small helpers for app.inject tests.
import { randomBytes } from "node:crypto";
import type { LoginResponse, SignupRequest } from "@studio/contracts";
import type { FastifyInstance } from "fastify";

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

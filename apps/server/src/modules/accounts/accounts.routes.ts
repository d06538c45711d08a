// Sign-up, log-in and session routes.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import {
  CheckTokenResponse,
  GoogleCredentialRequest,
  LoginRequest,
  LoginResponse,
  SignupRequest,
} from "@studio/contracts";
import type { FastifyInstance } from "fastify";
import { currentUser, requireAuth } from "../../auth/auth.plugin.ts";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import { errorResponses as errors } from "../../http/error-responses.ts";
import { unauthorized } from "../../http/http-error.ts";
import { limitTo } from "../../http/rate-limit.ts";
import { guardedLogin } from "../login-protection/guarded-login.ts";
import type { LoginGuard } from "../login-protection/login-guard.service.ts";
import { checkTokenResponse } from "./accounts.presenter.ts";
import { type AccountsService, LoginErrors } from "./accounts.service.ts";

export async function accountsRoutes(
  fastify: FastifyInstance,
  opts: {
    accounts: AccountsService;
    config: Config;
    clock: Clock;
    loginGuard: LoginGuard;
    /** whether a generation of the account used reference images (the feedback notice) */
    referencesUsed?: (accountId: string) => Promise<boolean>;
  },
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { accounts, config } = opts;

  app.post(
    "/api/signup",
    {
      config: limitTo(config.rateLimits.signup),
      schema: { body: SignupRequest, response: { 201: LoginResponse, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await accounts.signup(request.body)),
  );

  app.post(
    "/api/login",
    {
      config: limitTo(config.rateLimits.login),
      schema: { body: LoginRequest, response: { 200: LoginResponse, ...errors } },
    },
    async (request, reply) => {
      const { userEmail, password, timeZone } = request.body;
      return guardedLogin(opts.loginGuard, userEmail, request.ip, reply, () =>
        accounts.login(userEmail, password, timeZone),
      );
    },
  );

  app.post(
    "/api/google-login",
    {
      config: limitTo(config.rateLimits.login),
      schema: { body: GoogleCredentialRequest, response: { 200: LoginResponse, ...errors } },
    },
    async (request) => accounts.googleLogin(request.body.credential, request.body.timeZone),
  );

  app.post(
    "/api/google-signup",
    {
      config: limitTo(config.rateLimits.signup),
      schema: {
        body: GoogleCredentialRequest,
        response: { 200: LoginResponse, 201: LoginResponse, ...errors },
      },
    },
    async (request, reply) => {
      const r = await accounts.googleSignup(request.body.credential, request.body.timeZone);
      return reply.status(r.created ? 201 : 200).send(r.body);
    },
  );

  app.get(
    "/api/check-token",
    {
      preHandler: requireAuth,
      schema: { response: { 200: CheckTokenResponse, ...errors } },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await accounts.get(user.userId).catch(() => {
        throw unauthorized(LoginErrors.userNotFound);
      });
      const res = checkTokenResponse(row, user.sessionId, config, opts.clock());
      const referenceImagesUsed = (await opts.referencesUsed?.(row.id)) ?? false;
      return { ...res, user: { ...res.user, referenceImagesUsed } };
    },
  );
}

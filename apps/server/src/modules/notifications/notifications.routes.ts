// POST /api/notification-received: the client closed a notification modal; remember it.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import {
  ErrorResponse,
  type NotificationKind,
  NotificationReceivedRequest,
  SuccessResponse,
} from "@studio/contracts";
import type { FastifyInstance } from "fastify";
import { assertSelf, requireAuth } from "../../auth/auth.plugin.ts";
import type { Db } from "../../db/database.ts";
import { notFound } from "../../http/http-error.ts";
import type { AccountRow } from "../accounts/accounts.repository.ts";
import { updateAccount } from "../accounts/accounts.repository.ts";

/** Which account flag each notification kind sets. */
export const NotificationFlags: Record<NotificationKind, keyof AccountRow> = {
  "reference-feedback": "referenceFeedbackReceived",
  "meeting-invite": "meetingInviteReceived",
  "testimonial-invite": "testimonialInviteReceived",
  "french-welcome": "frenchWelcomeReceived",
  "free-credit": "freeCreditReceived",
};

export async function notificationsRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    "/api/notification-received",
    {
      preHandler: requireAuth,
      schema: {
        body: NotificationReceivedRequest,
        response: { 200: SuccessResponse, "4xx": ErrorResponse },
      },
    },
    async (request) => {
      const { userId, messageText } = request.body;
      assertSelf(request, userId);
      const flag = NotificationFlags[messageText as NotificationKind];
      const row = await updateAccount(opts.db, userId, { [flag]: true });
      if (!row) throw notFound("User not found");
      return { success: true };
    },
  );
}

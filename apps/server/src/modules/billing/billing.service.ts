// The billing API behind the routes: the catalogue, subscriptions, the cancel
// flow and its survey, and the Fashion trial earned by sharing. Provider work is delegated to
// the Stripe and WeChat Pay adapters, which do not know whether they talk to the real
// provider or to the local stand-in.
import {
  BillingMessages,
  type CancellationSurveyRequest,
  type CancelSubscriptionRequest,
  findPlan,
  PlanCatalogue,
  type SubscriptionsResponse,
} from "@studio/contracts";
import { eq } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/database.ts";
import { badRequest, conflict, notFound } from "../../http/http-error.ts";
import { findById } from "../accounts/accounts.repository.ts";
import { latestSubscriptions } from "./billing.repository.ts";
import { cancellationSurveys, clothingTrials } from "./billing.tables.ts";
import { recompute } from "./entitlements.repository.ts";
import type { StripeBilling } from "./stripe/stripe-billing.ts";

const TRIAL_PREFIX = "trial:";

export interface BillingService {
  plans(): { plans: typeof PlanCatalogue };
  subscriptions(accountId: string): Promise<SubscriptionsResponse>;
  cancel(accountId: string, req: CancelSubscriptionRequest): Promise<{ message: string }>;
  survey(accountId: string, answers: CancellationSurveyRequest): Promise<void>;
  claimClothingTrial(
    accountId: string,
    shareUrl: string,
  ): Promise<{ clothAppExpiration: number; downloadsLeft: number }>;
}

export function createBillingService(deps: {
  db: Db;
  clock: Clock;
  stripe: StripeBilling;
}): BillingService {
  const { db, clock } = deps;
  const nowSec = () => Math.floor(clock() / 1000);
  const trialPlan = findPlan("CLOTHING_TRIAL");
  const trialHours = trialPlan?.grants.hours ?? 72;
  const trialDownloads = trialPlan?.grants.downloads ?? 150;

  async function account(accountId: string) {
    const row = await findById(db, accountId);
    if (!row) throw notFound("User not found");
    return row;
  }

  async function trialOf(accountId: string) {
    return (
      await db.select().from(clothingTrials).where(eq(clothingTrials.accountId, accountId))
    )[0];
  }

  return {
    plans: () => ({ plans: PlanCatalogue }),

    async subscriptions(accountId) {
      const a = await account(accountId);
      const { product, clothing } = await latestSubscriptions(db, accountId);
      const trial = await trialOf(accountId);
      const trialLive = trial && trial.endsAt >= nowSec() && !clothing;
      return {
        productAppSubscriptionID: product?.id ?? "",
        clothAppSubscriptionID: clothing?.id ?? (trialLive ? `${TRIAL_PREFIX}${accountId}` : ""),
        productAppSubscriptionStatus: product?.status ?? "",
        clothAppSubscriptionStatus: clothing?.status ?? (trialLive ? "ON GOING" : ""),
        productAppExpiration: a.expiration,
        clothAppExpiration: a.clothAppExpiration,
      };
    },

    async cancel(accountId, req) {
      if (req.subscriptionId.startsWith(TRIAL_PREFIX)) {
        if (req.type !== "CLOTHING_APP" || req.subscriptionId !== `${TRIAL_PREFIX}${accountId}`) {
          throw notFound("Subscription not found");
        }
        const trial = await trialOf(accountId);
        if (!trial || trial.endsAt < nowSec()) throw conflict("The trial has already ended.");
        await db.transaction(async (tx) => {
          await tx
            .update(clothingTrials)
            .set({ endsAt: nowSec() - 1 })
            .where(eq(clothingTrials.accountId, accountId));
          await recompute(tx, accountId, nowSec());
        });
        return { message: BillingMessages.trialCancelled };
      }
      const { trial } = await deps.stripe.cancel(accountId, req.subscriptionId);
      return { message: trial ? BillingMessages.trialCancelled : BillingMessages.cancelled };
    },

    async survey(accountId, answers) {
      const texts = [answers.primaryReason, answers.wouldComeBack, answers.betterAlternative];
      if (texts.every((t) => t.trim() === ""))
        throw badRequest("Please answer at least one question.");
      await account(accountId);
      await db.insert(cancellationSurveys).values({
        accountId,
        subscriptionId: answers.subscriptionId ?? null,
        primaryReason: answers.primaryReason,
        reasonOther: answers.reasonOther,
        wouldComeBack: answers.wouldComeBack,
        comeBackOther: answers.comeBackOther,
        betterAlternative: answers.betterAlternative,
      });
    },

    async claimClothingTrial(accountId, shareUrl) {
      let url: URL;
      try {
        url = new URL(shareUrl);
      } catch {
        throw badRequest("Please paste the address of your post.");
      }
      if (url.protocol !== "https:" && url.protocol !== "http:") {
        throw badRequest("Please paste the address of your post.");
      }
      await account(accountId);
      const start = nowSec();
      const inserted = await db.transaction(async (tx) => {
        const rows = await tx
          .insert(clothingTrials)
          .values({
            accountId,
            shareUrl: url.toString(),
            startedAt: start,
            endsAt: start + trialHours * 3600,
          })
          .onConflictDoNothing()
          .returning({ accountId: clothingTrials.accountId });
        if (rows.length) await recompute(tx, accountId, start);
        return rows.length > 0;
      });
      if (!inserted) throw conflict("The Fashion trial can be claimed once per account.");
      const a = await account(accountId);
      return { clothAppExpiration: a.clothAppExpiration, downloadsLeft: trialDownloads };
    },
  };
}

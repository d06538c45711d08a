// The billing calls (decision 0600), through the shell's one request function.
import type {
  BillingModeResponse,
  CancellationSurveyRequest,
  PlansResponse,
  PlanType,
  SubscriptionKind,
  SubscriptionsResponse,
  WechatCheckoutResponse,
  WechatOrderResponse,
} from "@studio/contracts";
import { request } from "../../api/api-client.ts";

export const billingApi = {
  plans: () => request<PlansResponse>("GET", "/api/plans", { token: null }),
  mode: () => request<BillingModeResponse>("GET", "/api/billing/mode", { token: null }),
  stripeCheckout: (body: {
    type: PlanType;
    couponType?: string;
    subscriptionId?: string;
    orderId?: string;
  }) => request<{ url: string }>("POST", "/api/checkout/stripe", { body }),
  wechatCheckout: (type: PlanType) =>
    request<WechatCheckoutResponse>("POST", "/api/checkout/wechat", { body: { type } }),
  wechatOrder: (orderId: string) =>
    request<WechatOrderResponse>("GET", `/api/checkout/wechat/${encodeURIComponent(orderId)}`),
  subscriptions: () => request<SubscriptionsResponse>("GET", "/api/get-subscriptions"),
  cancel: (type: SubscriptionKind, subscriptionId: string) =>
    request<{ message: string }>("POST", "/api/cancel-subscription", {
      body: { type, subscriptionId },
    }),
  survey: (answers: CancellationSurveyRequest) =>
    request<null>("POST", "/api/cancellation-survey", { body: answers }),
  clothingTrial: (shareUrl: string) =>
    request<{ clothAppExpiration: number; downloadsLeft: number }>("POST", "/api/clothing-trial", {
      body: { shareUrl },
    }),
};

// Every modal the shell can open (decision 0300), with the props each one takes.
export type PricingTable = "product" | "clothing";

export interface ModalProps {
  login: { mode: "login" | "signup" };
  "email-verification": Record<string, never>;
  "daily-coin": Record<string, never>;
  "redeem-message": { message: string; ok: boolean };
  referral: Record<string, never>;
  "reference-feedback": Record<string, never>;
  "french-welcome": Record<string, never>;
  "free-credit": Record<string, never>;
  "meeting-invite": Record<string, never>;
  "testimonial-invite": Record<string, never>;
  "upload-reminder": Record<string, never>;
  "coming-soon": { feature?: string };
  "no-image-or-text": Record<string, never>;
  "payment-required": Record<string, never>;
  "reference-limit": Record<string, never>;
  pricing: { table: PricingTable };
  subscriptions: Record<string, never>;
  "cancel-coupon": { kind: "PRODUCT_APP" | "CLOTHING_APP"; subscriptionId: string };
  "cancel-survey": {
    kind: "PRODUCT_APP" | "CLOTHING_APP";
    subscriptionId: string;
    attempt: boolean;
  };
}

export type ModalKind = keyof ModalProps;

export type OpenModal = {
  [K in ModalKind]: { kind: K; props: ModalProps[K] };
}[ModalKind];

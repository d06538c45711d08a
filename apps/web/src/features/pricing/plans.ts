// The spec's prices (section 9). Plan type codes are this client's names for the checkout
// routes' ?type=; billing (a later issue) owns the real catalogue.
import type { PricingTable } from "../../modals/modal-kinds.ts";

export interface Plan {
  /** i18n key under pricing:plans */
  key: string;
  type: string;
  price: string;
  /** per month, per year or one-time */
  period: "month" | "year" | "once" | "trial";
  originalPrice?: string;
  yearly?: string;
  save?: number;
  featured?: boolean;
  /** i18n keys under pricing:features */
  features: string[];
}

export const Plans: Record<PricingTable, Plan[]> = {
  product: [
    {
      key: "basic",
      type: "PRODUCT_MONTHLY",
      price: "$21.99",
      period: "month",
      originalPrice: "$34.99",
      features: ["pics500", "ref10", "textPrompt", "twoPerGen"],
    },
    {
      key: "yearly",
      type: "PRODUCT_YEARLY",
      price: "$16.99",
      period: "month",
      yearly: "$203.88",
      save: 51,
      featured: true,
      features: ["pics500", "ref10", "textPrompt", "twoPerGen"],
    },
    {
      key: "pro",
      type: "PRO_MONTHLY",
      price: "$39.99",
      period: "month",
      yearly: "$407.88",
      save: 93,
      features: ["unlimited", "ref100", "textImagePrompt", "fourPerGen", "fashion"],
    },
    {
      key: "addon",
      type: "IMAGES_32",
      price: "$9.99",
      period: "once",
      features: ["images32", "noSubscription"],
    },
  ],
  clothing: [
    {
      key: "fashion",
      type: "CLOTHING_MONTHLY",
      price: "$43.99",
      period: "month",
      originalPrice: "$69.99",
      save: 38,
      features: ["unlimited", "models", "fourPerGen"],
    },
    {
      key: "fashionAnnual",
      type: "CLOTHING_YEARLY",
      price: "$33.99",
      period: "month",
      yearly: "$407.88",
      featured: true,
      features: ["unlimited", "models", "fourPerGen"],
    },
    {
      key: "trial",
      type: "CLOTHING_TRIAL",
      price: "$0",
      period: "trial",
      features: ["downloads150", "hours72", "social"],
    },
  ],
};

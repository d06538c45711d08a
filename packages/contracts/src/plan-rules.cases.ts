// One table of plans and what they get, checked against plan-rules.ts by the server
// (apps/server/src/modules/generations/generation-rules.test.ts) and by the web app
// (apps/web/src/features/studio/model/generate-rules.test.ts), so both sides are held to
// the same prices. The plans: free limited; Basic 500 pictures a month, 10 reference
// images, 2 images per generation; Pro/VIP unlimited, 100 reference images, 4 per generation.
import type { Tier } from "./plan-rules.ts";

export interface PlanCase {
  name: string;
  paymentType: string;
  /** the plan's expiration has not passed */
  valid: boolean;
  preset: string;
  tier: Tier;
  /** images a generation makes when it does not ask for fewer */
  images: number;
  /** coins that generation reserves */
  coins: number;
  references: number;
  /** coins a 5 s and a 10 s video cost */
  video: [number, number];
}

export const planCases: readonly PlanCase[] = [
  {
    name: "no plan",
    paymentType: "",
    valid: false,
    preset: "web",
    tier: "free",
    images: 4,
    coins: 4,
    references: 1,
    video: [10, 20],
  },
  {
    name: "no plan, Amazon main image",
    paymentType: "",
    valid: false,
    preset: "amazon",
    tier: "free",
    images: 1,
    coins: 1,
    references: 1,
    video: [10, 20],
  },
  {
    name: "expired Pro",
    paymentType: "PRODUCT_APP_PRO",
    valid: false,
    preset: "instagram",
    tier: "free",
    images: 4,
    coins: 4,
    references: 1,
    video: [10, 20],
  },
  {
    name: "Basic: pays with its monthly pictures, not coins",
    paymentType: "PRODUCT_APP_BASIC",
    valid: true,
    preset: "web",
    tier: "basic",
    images: 2,
    coins: 0,
    references: 10,
    video: [10, 20],
  },
  {
    name: "Basic, Amazon main image",
    paymentType: "PRODUCT_APP_BASIC",
    valid: true,
    preset: "amazon",
    tier: "basic",
    images: 1,
    coins: 0,
    references: 10,
    video: [10, 20],
  },
  {
    name: "Pro",
    paymentType: "PRODUCT_APP_PRO",
    valid: true,
    preset: "story",
    tier: "pro",
    images: 4,
    coins: 0,
    references: 100,
    video: [0, 0],
  },
  {
    name: "VIP (any other valid plan, a Day Pass)",
    paymentType: "DAY_PASS",
    valid: true,
    preset: "etsy",
    tier: "vip",
    images: 4,
    coins: 0,
    references: 100,
    video: [0, 0],
  },
];

// Landing pages under /create/ (decision 0360), grouped by topic; a group's address shows one
// of its pages at random.
import type { ExampleSetId } from "../../marketing/examples.ts";
import type { ProductShape, Surface } from "../../ui/art/ProductScene.tsx";

export interface LandingPageDef {
  slug: string;
  shape: ProductShape;
  surface: Surface;
  tint: string;
  sky: [string, string];
  app: "product" | "clothing";
  /** real results made by the engine (product pages); clothing pages have none yet */
  examples?: ExampleSetId;
}

const clothing = (slug: string, tint: string, sky: [string, string]): LandingPageDef => ({
  slug,
  shape: "shirt",
  surface: "podium",
  tint,
  sky,
  app: "clothing",
});
const product = (
  slug: string,
  shape: ProductShape,
  surface: Surface,
  tint: string,
  sky: [string, string],
  examples: ExampleSetId,
): LandingPageDef => ({ slug, shape, surface, tint, sky, app: "product", examples });

export const LandingGroups: Record<string, LandingPageDef[]> = {
  clothing: [
    clothing("clothing-product-photography", "#f43f5e", ["#ffe4e6", "#fff1f2"]),
    clothing("ai-fashion-models", "#a855f7", ["#f3e8ff", "#faf5ff"]),
    clothing("apparel-photography", "#0ea5e9", ["#e0f2fe", "#f0f9ff"]),
    clothing("clothing-brand-photos", "#111827", ["#f1f5f9", "#f8fafc"]),
    clothing("garment-photography", "#16a34a", ["#dcfce7", "#f0fdf4"]),
    clothing("product-photography-apparel", "#ea580c", ["#ffedd5", "#fff7ed"]),
    clothing("fashion-ecommerce-photos", "#db2777", ["#fce7f3", "#fdf2f8"]),
    clothing("t-shirt-photos", "#2563eb", ["#dbeafe", "#eff6ff"]),
    clothing("dress-photography", "#be123c", ["#ffe4e6", "#fff1f2"]),
    clothing("streetwear-photos", "#334155", ["#e2e8f0", "#f8fafc"]),
    clothing("flat-lay-clothing", "#ca8a04", ["#fef9c3", "#fefce8"]),
  ],
  products: [
    product(
      "furniture-product-photography",
      "jar",
      "wood",
      "#92400e",
      ["#fef3c7", "#fffbeb"],
      "lifestyle",
    ),
    product(
      "skincare-product-photography",
      "bottle",
      "marble",
      "#db2777",
      ["#fdf2f8", "#fff"],
      "minimal",
    ),
    product("jewelry-product-photography", "jar", "linen", "#ca8a04", ["#fefce8", "#fff"], "luxe"),
    product(
      "bag-product-photography",
      "bag",
      "podium",
      "#b45309",
      ["#ffedd5", "#fff7ed"],
      "studio",
    ),
    product(
      "ecommerce-product-photography",
      "sneaker",
      "podium",
      "#4f46e5",
      ["#e0e7ff", "#fdf2f8"],
      "bold",
    ),
  ],
  "food-and-beverage": [
    product(
      "food-product-photography",
      "jar",
      "wood",
      "#dc2626",
      ["#fee2e2", "#fff7ed"],
      "surfaces",
    ),
    product(
      "beverage-product-photography",
      "can",
      "sand",
      "#0891b2",
      ["#cffafe", "#fef9c3"],
      "outdoor",
    ),
    product(
      "food-and-drink-photography",
      "mug",
      "linen",
      "#0f766e",
      ["#ccfbf1", "#f0fdfa"],
      "lifestyle",
    ),
  ],
  "amazon-product-photography": [
    product(
      "amazon-product-photography",
      "bottle",
      "plain",
      "#f59e0b",
      ["#ffffff", "#f1f5f9"],
      "amazon",
    ),
  ],
};

export const AllLandingPages: LandingPageDef[] = Object.values(LandingGroups).flat();

export function findLandingPage(slug: string): LandingPageDef | undefined {
  return AllLandingPages.find((p) => p.slug === slug);
}

/** A group name picks one of its pages at random; `random` is injectable for tests. */
export function pickFromGroup(group: string, random: () => number = Math.random) {
  const pages = LandingGroups[group];
  if (!pages || pages.length === 0) return undefined;
  return pages[Math.min(pages.length - 1, Math.floor(random() * pages.length))];
}

// The Clothing app (decisions 0700, 0701): garment photos into catalogue photos. A clothing generation is a
// generation (same queue, coins, history) carrying these options.
import { type Static, Type as T } from "@sinclair/typebox";

export const GARMENT_KIND_VALUES = [
  "top",
  "bottom",
  "dress",
  "outerwear",
  "set",
  "shoes",
  "bag",
  "accessory",
] as const;
export const CPU_STYLE_VALUES = ["flatlay", "hanger", "ghost", "dress-form"] as const;
/** "model": on a human model, through a try-on backend */
export const CLOTHING_STYLE_VALUES = [...CPU_STYLE_VALUES, "model"] as const;

export const MODEL_CHOICE_VALUES = {
  gender: ["woman", "man"],
  age: ["18-25", "26-35", "36-50", "50+"],
  skinTone: ["very-light", "light", "medium", "tan", "brown", "deep"],
  bodyType: ["slim", "athletic", "average", "curvy", "plus"],
  pose: ["front", "three-quarter", "walking", "hands-on-hips", "back"],
} as const;

// explicit literal unions: the route type provider infers their static types from these
export const GarmentKind = T.Union([
  T.Literal("top"),
  T.Literal("bottom"),
  T.Literal("dress"),
  T.Literal("outerwear"),
  T.Literal("set"),
  T.Literal("shoes"),
  T.Literal("bag"),
  T.Literal("accessory"),
]);
export type GarmentKind = Static<typeof GarmentKind>;
export const ClothingStyle = T.Union([
  T.Literal("flatlay"),
  T.Literal("hanger"),
  T.Literal("ghost"),
  T.Literal("dress-form"),
  T.Literal("model"),
]);
export type ClothingStyle = Static<typeof ClothingStyle>;

export const ModelChoices = T.Object({
  gender: T.Union([T.Literal("woman"), T.Literal("man")]),
  age: T.Union([T.Literal("18-25"), T.Literal("26-35"), T.Literal("36-50"), T.Literal("50+")]),
  skinTone: T.Union([
    T.Literal("very-light"),
    T.Literal("light"),
    T.Literal("medium"),
    T.Literal("tan"),
    T.Literal("brown"),
    T.Literal("deep"),
  ]),
  bodyType: T.Union([
    T.Literal("slim"),
    T.Literal("athletic"),
    T.Literal("average"),
    T.Literal("curvy"),
    T.Literal("plus"),
  ]),
  pose: T.Union([
    T.Literal("front"),
    T.Literal("three-quarter"),
    T.Literal("walking"),
    T.Literal("hands-on-hips"),
    T.Literal("back"),
  ]),
});
export type ModelChoices = Static<typeof ModelChoices>;

export const ClothingOptions = T.Object({
  style: ClothingStyle,
  /** the seller's correction of the detected kind */
  kind: T.Optional(GarmentKind),
  /** style "model": who wears it (ignored when modelId names a kept model) */
  model: T.Optional(ModelChoices),
  /** style "model": a kept model from POST /api/clothing/models, reused across garments */
  modelId: T.Optional(T.String({ format: "uuid" })),
});
export type ClothingOptions = Static<typeof ClothingOptions>;

// GET /api/clothing/config
export const ClothingConfigResponse = T.Object({
  styles: T.Array(ClothingStyle),
  kinds: T.Array(GarmentKind),
  tryOn: T.Object({
    /** a try-on backend is configured: style "model" can run */
    available: T.Boolean(),
    /** said plainly when not */
    message: T.Optional(T.String()),
  }),
});
export type ClothingConfigResponse = Static<typeof ClothingConfigResponse>;

// GET /api/clothing/entitlement
export const ClothingEntitlement = T.Object({
  /** clothAppExpiration in the future (a Fashion plan or the trial) */
  clothAppValid: T.Boolean(),
  /** the 3-day social-sharing trial is what entitles */
  trial: T.Boolean(),
  /** images left on the trial (150 in all) */
  trialDownloadsLeft: T.Union([T.Integer(), T.Null()]),
  clothAppExpiration: T.Integer(),
});
export type ClothingEntitlement = Static<typeof ClothingEntitlement>;

// GET/POST /api/clothing/models: kept model identities
export const ClothingModelRequest = T.Object({
  name: T.String({ minLength: 1, maxLength: 60 }),
  choices: ModelChoices,
});
export type ClothingModelRequest = Static<typeof ClothingModelRequest>;
export const ClothingModel = T.Object({
  id: T.String({ format: "uuid" }),
  name: T.String(),
  choices: ModelChoices,
  /** a try-on has fixed the model's look (later garments reuse that photo) */
  hasReference: T.Boolean(),
  createdAt: T.String({ format: "date-time" }),
});
export type ClothingModel = Static<typeof ClothingModel>;
export const ClothingModelList = T.Object({ models: T.Array(ClothingModel) });
export type ClothingModelList = Static<typeof ClothingModelList>;

export const ClothingMessages = {
  tryOnUnavailable:
    "Photos on human models need a try-on backend, and none is configured. Flat lay, hanger, ghost mannequin and dress form work without one.",
  clothingPlanRequired:
    "Human models are part of the Fashion plan. Choose a Fashion plan or start the free 3-day trial by sharing.",
  trialDownloadsUsed:
    "Your Fashion trial's 150 downloads are used. Choose a Fashion plan to continue.",
  notWearable: "Shoes, bags and accessories are not worn by the models: choose a CPU style.",
  modelNotFound: "Saved model not found",
  modelNeeded: "Choose who wears the garment, or a saved model.",
  garmentPhotoNeeded: "Upload a garment photo first.",
} as const;

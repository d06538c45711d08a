// POST /api/tools/amazon-check: the Amazon main-image checker of the landing page
// /create/amazon-product-photography (decision 0401's Amazon rules). The body is the image itself.
import { type Static, Type as T } from "@sinclair/typebox";

export const AmazonCheckTypes = [
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/tiff",
  "image/webp",
];

export const AmazonCheckResponse = T.Object({
  ok: T.Boolean({ description: "every rule that pixels can show is met" }),
  reasons: T.Array(T.String(), { description: "one English sentence per rule broken" }),
  metrics: T.Object({
    width: T.Integer(),
    height: T.Integer(),
    format: T.Union([T.String(), T.Null()]),
    whiteBorder: T.Number({ description: "share of the image's edge that is #FFFFFF, 0..1" }),
    fill: T.Number({ description: "the product's longer side relative to the frame, 0..1" }),
    transparent: T.Boolean(),
  }),
});
export type AmazonCheckResponse = Static<typeof AmazonCheckResponse>;

import type { PlanRequest } from "../types.ts";

const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);

/** Checks a PlanRequest at the edge, with messages a caller can show. */
export function validateRequest(req: PlanRequest): void {
  if (!req || typeof req !== "object") throw new TypeError("plan request must be an object");
  if (!isInt(req.seed) || req.seed < 0 || req.seed > 0xffffffff)
    throw new RangeError("seed must be an integer 0..4294967295");
  if (!isInt(req.count) || req.count < 1 || req.count > 16)
    throw new RangeError("count must be an integer 1..16");
  if (
    !isInt(req.width) ||
    !isInt(req.height) ||
    req.width < 16 ||
    req.height < 16 ||
    req.width > 8192 ||
    req.height > 8192
  ) {
    throw new RangeError("width and height must be integers 16..8192");
  }
  const p = req.product;
  if (!p || typeof p !== "object") throw new TypeError("product is required");
  if (typeof p.aspectRatio !== "number" || !(p.aspectRatio > 0.02 && p.aspectRatio < 50)) {
    throw new RangeError("product.aspectRatio must be a number between 0.02 and 50");
  }
  if (!Array.isArray(p.colors)) throw new TypeError("product.colors must be an array of [r, g, b]");
  for (const c of p.colors) {
    if (!Array.isArray(c) || c.length !== 3 || c.some((x) => !isInt(x) || x < 0 || x > 255)) {
      throw new RangeError("product.colors entries must be [r, g, b] with integers 0..255");
    }
  }
  if (req.prompt !== undefined && typeof req.prompt !== "string")
    throw new TypeError("prompt must be a string");
  if (req.templateId !== undefined && typeof req.templateId !== "string")
    throw new TypeError("templateId must be a string");
}

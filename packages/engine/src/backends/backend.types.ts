/** What a generative backend gets: the product already placed in the frame, and where to paint. */
export interface BackgroundRequest {
  width: number;
  height: number;
  /** PNG, RGB: the product placed on the procedurally rendered set (a starting point / guide) */
  image: Buffer;
  /**
   * PNG, RGBA, OpenAI convention: alpha 0 where the backend must paint (the background),
   * alpha 255 on the product, which is pasted back on top afterwards whatever comes back
   */
  mask: Buffer;
  prompt: string;
  /** what the painter must avoid (backends that take one: ComfyUI's "{{negative_prompt}}") */
  negativePrompt?: string;
  seed: number;
  signal?: AbortSignal;
  /** how far the painter is with this shot, 0..1 (backends that report it: ComfyUI's socket) */
  onProgress?: (fraction: number) => void;
}

/** A diffusion service that paints the set around the product. The engine never needs one. */
export interface GenerativeBackend {
  readonly name: string;
  /**
   * true when it paints several shots at once (a pool of GPU servers): the engine then sends
   * every shot of a generation before awaiting the first, and still composites them in order
   */
  readonly concurrent?: boolean;
  /** resolves to an encoded image (any size; it is resized to the request's frame) */
  paintBackground(req: BackgroundRequest): Promise<Buffer>;
}

export interface ComfyUiConfig {
  kind: "comfyui";
  /** e.g. http://127.0.0.1:8188 */
  url: string;
  /**
   * A workflow in ComfyUI's API format (Save (API) in the UI). String values equal to
   * "{{image}}", "{{mask}}", "{{prompt}}", "{{negative_prompt}}", "{{seed}}", "{{width}}",
   * "{{height}}" are replaced
   * (numbers become numbers); the first image output found in /history is used.
   */
  workflow: Record<string, unknown>;
  pollIntervalMs?: number;
  timeoutMs?: number;
}

export interface OpenAiImagesConfig {
  kind: "openai";
  /** base URL without /v1, e.g. https://api.openai.com or a local compatible server */
  url: string;
  apiKey?: string;
  model?: string;
  /** size string the endpoint accepts; default "1024x1024" */
  size?: string;
  timeoutMs?: number;
}

export type BackendConfig = ComfyUiConfig | OpenAiImagesConfig;

import { describe, expect, it } from "vitest";
import { gpuConfig } from "./gpu.ts";

describe("GPU configuration", () => {
  it("is off without servers or the stand-in", () => {
    expect(gpuConfig({})).toBeUndefined();
    expect(gpuConfig({ SCENE_BACKEND: "cpu" })).toBeUndefined();
  });

  it("reads one or many servers; scenes use them unless SCENE_BACKEND=cpu", () => {
    expect(gpuConfig({ COMFYUI_URLS: "http://gpu1:8188/, https://gpu2.example/comfy" })).toEqual({
      urls: ["http://gpu1:8188", "https://gpu2.example/comfy"],
      standIn: false,
      scenes: true,
      timeoutMs: 300_000,
    });
    expect(gpuConfig({ COMFYUI_URLS: "http://gpu1:8188", SCENE_BACKEND: "cpu" })?.scenes).toBe(
      false,
    );
    expect(gpuConfig({ COMFYUI_STAND_IN: "on" })).toMatchObject({ urls: [], standIn: true });
  });

  it("names the variable and the problem in its errors", () => {
    expect(() => gpuConfig({ COMFYUI_URLS: "gpu1:8188" })).toThrow(
      /COMFYUI_URLS contains "gpu1:8188": use http/,
    );
    expect(() => gpuConfig({ COMFYUI_URLS: "http://a:1,not a url" })).toThrow(
      /COMFYUI_URLS contains "not a url", not a URL/,
    );
    expect(() => gpuConfig({ COMFYUI_URLS: "http://a:1,http://a:1/" })).toThrow(/twice/);
    expect(() => gpuConfig({ SCENE_BACKEND: "comfyui" })).toThrow(
      /SCENE_BACKEND is comfyui but COMFYUI_URLS names no server/,
    );
    expect(() => gpuConfig({ SCENE_BACKEND: "gpu", COMFYUI_URLS: "http://a:1" })).toThrow(
      /SCENE_BACKEND must be cpu or comfyui/,
    );
    expect(() => gpuConfig({ COMFYUI_STAND_IN: "yes" })).toThrow(/COMFYUI_STAND_IN must be on/);
  });
});

export { renderScene } from "./render-scene.ts";
export { type SceneGeometry, sceneGeometry } from "./scene-geometry.ts";
export type * from "./set-plan.types.ts";

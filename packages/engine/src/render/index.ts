export { renderScene } from "./render-scene.ts";
export type * from "./set-plan.types.ts";

// The covers of the dress forms: fabric, wooden cap and the sweep behind, one per variant.
import type { RGB } from "../../types.ts";

export interface FormLook {
  name: string;
  cover: RGB;
  cap: RGB;
  sweep: [RGB, RGB];
}

export const LOOKS: FormLook[] = [
  {
    name: "cream",
    cover: [226, 216, 198],
    cap: [150, 104, 66],
    sweep: [
      [234, 231, 226],
      [214, 210, 204],
    ],
  },
  {
    name: "black",
    cover: [44, 42, 42],
    cap: [196, 160, 110],
    sweep: [
      [226, 222, 216],
      [200, 194, 186],
    ],
  },
  {
    name: "linen",
    cover: [196, 184, 164],
    cap: [96, 66, 44],
    sweep: [
      [214, 220, 222],
      [186, 194, 198],
    ],
  },
  {
    name: "grey",
    cover: [150, 150, 152],
    cap: [60, 44, 34],
    sweep: [
      [238, 232, 228],
      [218, 206, 200],
    ],
  },
];

// The example photos made by scripts/marketing-photos.ts (the engine, from the real photos
// in marketing-photos/): typed access and their public addresses.
import generated from "./examples.gen.json";

export type ExampleSetId = keyof typeof generated.sets;
export interface ExampleImage {
  /** address without the "-<width>.webp" ending */
  base: string;
  width: number;
  height: number;
}
export interface ExampleSet {
  id: ExampleSetId;
  photo: string;
  original: ExampleImage;
  results: (ExampleImage & { template: string })[];
}

export const ExampleWidths = [400, 800] as const;

export function exampleSet(id: ExampleSetId): ExampleSet {
  const set = generated.sets[id];
  const original = (generated.originals as Record<string, { width: number; height: number }>)[
    set.photo
  ];
  if (!original) throw new Error(`examples.gen.json: no original for ${set.photo}`);
  return {
    id,
    photo: set.photo,
    original: { base: `/examples/originals/${set.photo}`, ...original },
    results: set.results.map((r) => ({ ...r, base: `/examples/${id}/${r.template}` })),
  };
}

export function srcSet(image: ExampleImage): string {
  return ExampleWidths.map((w) => `${image.base}-${w}.webp ${w}w`).join(", ");
}

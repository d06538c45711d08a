// The homepage A/B variants (decision 0360): each visitor keeps one variant of the hero's
// headline; ?variant=a|b forces one (for reviews and screenshots).
export type HomeVariant = "a" | "b";
const KEY = "homeVariant";

export function chooseHomeVariant(
  query: string | null,
  stored: string | null,
  random: () => number = Math.random,
): HomeVariant {
  if (query === "a" || query === "b") return query;
  if (stored === "a" || stored === "b") return stored;
  return random() < 0.5 ? "a" : "b";
}

export function homeVariant(): HomeVariant {
  // A prerendered page arrives with the variant the server chose for this visitor.
  const served = document.querySelector<HTMLElement>("[data-variant]")?.dataset.variant ?? null;
  let stored: string | null = served;
  try {
    stored ??= localStorage.getItem(KEY);
  } catch {
    // private mode: a variant per visit
  }
  const v = chooseHomeVariant(new URLSearchParams(window.location.search).get("variant"), stored);
  try {
    localStorage.setItem(KEY, v);
  } catch {
    // as above
  }
  return v;
}

// The translation files as the i18n tests read them: a namespace's nested keys flattened to
// dotted paths ("plan.trial_one": "…").

export type Tree = { [k: string]: string | Tree };

export const flatten = (tree: Tree, prefix = ""): Record<string, string> =>
  Object.entries(tree).reduce<Record<string, string>>((acc, [k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") acc[key] = v;
    else Object.assign(acc, flatten(v, key));
    return acc;
  }, {});

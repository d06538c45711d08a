// Decodes the bracketed form bodies Stripe's API takes (`line_items[0][price_data][currency]=usd`)
// into nested objects and arrays, as Stripe's own servers do.
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function decodeForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, "").split("[");
    let node: Record<string, FormValue> | FormValue[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1] ?? "");
      const container = node as Record<string, FormValue>;
      if (last) {
        container[part] = value;
        return;
      }
      container[part] ??= nextIsIndex ? [] : {};
      node = container[part] as Record<string, FormValue> | FormValue[];
    });
  }
  return root;
}

/** Reads a path such as "subscription_data.metadata" from a decoded body. */
export function pick(obj: FormValue | undefined, path: string): FormValue | undefined {
  let node: FormValue | undefined = obj;
  for (const part of path.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = (node as Record<string, FormValue>)[part];
  }
  return node;
}

// The pack's manifest.tsv: tab-separated, a header row first. A field may be quoted the CSV way
// ("…", with "" for a quote inside) when it holds quotes itself (licence_evidence does).

export function parseTsv(text: string): Record<string, string>[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  const [head, ...body] = lines;
  if (!head) return [];
  const names = head.split("\t").map(unquote);
  return body.map((line) => {
    const fields = line.split("\t").map(unquote);
    return Object.fromEntries(names.map((n, i) => [n, fields[i] ?? ""]));
  });
}

function unquote(field: string): string {
  const f = field.trim();
  return f.length >= 2 && f.startsWith('"') && f.endsWith('"')
    ? f.slice(1, -1).replaceAll('""', '"')
    : f;
}

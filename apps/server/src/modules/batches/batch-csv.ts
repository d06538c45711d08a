// The per-photo settings of a batch, from a CSV (RFC 4180: quoted fields, doubled quotes,
// CRLF or LF) with a header row naming its columns: `filename` (required, or `upload_id` for
// a list of uploads), and any of `prompt`, `template`, `preset`, `count`.
export interface CsvRow {
  line: number;
  fields: Record<string, string>;
}

export class CsvError extends Error {}

const COLUMNS = new Set(["filename", "upload_id", "prompt", "template", "preset", "count"]);

function parse(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (quoted) throw new CsvError("The CSV has an unclosed quote.");
  if (field !== "" || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ""));
}

export function readCsv(text: string, maxRows: number): CsvRow[] {
  const rows = parse(text.replace(/^\uFEFF/, ""));
  const header = rows.shift()?.map((h) => h.trim().toLowerCase());
  if (!header) throw new CsvError("The CSV is empty.");
  const unknown = header.find((h) => !COLUMNS.has(h));
  if (unknown) {
    throw new CsvError(`Unknown CSV column '${unknown}' (use ${[...COLUMNS].join(", ")}).`);
  }
  if (!header.includes("filename") && !header.includes("upload_id")) {
    throw new CsvError("The CSV needs a 'filename' (or 'upload_id') column.");
  }
  if (rows.length > maxRows) throw new CsvError(`The CSV has more than ${maxRows} rows.`);
  return rows.map((r, i) => ({
    line: i + 2,
    fields: Object.fromEntries(header.map((h, k) => [h, (r[k] ?? "").trim()])),
  }));
}

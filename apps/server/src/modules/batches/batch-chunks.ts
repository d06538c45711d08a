// Writing or reading a thousand rows at once: in chunks, to stay under the database's limit
// on bind parameters per statement.

const CHUNK = 250;

export function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

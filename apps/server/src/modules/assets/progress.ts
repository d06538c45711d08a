// How far the pack is: files and bytes present of the manifest's, as the log and `npm run assets`
// print it.

export interface PackProgress {
  files: number;
  presentFiles: number;
  bytes: number;
  presentBytes: number;
}

const mb = (n: number) => (n / 1e6).toFixed(1);

export function progressLine(p: PackProgress): string {
  const pct = p.bytes ? Math.floor((100 * p.presentBytes) / p.bytes) : 100;
  return `${p.presentFiles}/${p.files} files, ${mb(p.presentBytes)} of ${mb(p.bytes)} MB (${pct} %)`;
}

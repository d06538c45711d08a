// What the browser checks before sending a file; the server decides by magic bytes anyway.
export const MAX_UPLOAD_MB = 20;
const accepted = /^image\/(jpeg|png|webp|avif|tiff|gif)$/;
export const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/tiff,image/gif";

export function checkFile(file: { type: string; size: number }): "type" | "size" | null {
  // an empty type (some drag sources) is left to the server's sniffing
  if (file.type !== "" && !accepted.test(file.type)) return "type";
  if (file.size > MAX_UPLOAD_MB * 1024 * 1024) return "size";
  return null;
}

/** the first image of a paste or drop, if any */
export function firstImage(items: DataTransferItemList | null | undefined): File | null {
  for (const item of Array.from(items ?? [])) {
    if (item.kind === "file") {
      const f = item.getAsFile();
      if (f && (f.type === "" || f.type.startsWith("image/"))) return f;
    }
  }
  return null;
}

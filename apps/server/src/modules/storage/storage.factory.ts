import path from "node:path";
import { createLocalDiskStorage } from "./local-disk.storage.ts";
import { createS3Storage, parseS3Url } from "./s3.storage.ts";
import type { ObjectStorage } from "./storage.types.ts";

/** S3 when a storage URL is configured, else DATA_DIR/files. */
export function createStorage(config: {
  dataDir: string;
  storageUrl: string | undefined;
}): ObjectStorage {
  if (config.storageUrl) return createS3Storage(parseS3Url(config.storageUrl));
  return createLocalDiskStorage(path.join(config.dataDir, "files"));
}

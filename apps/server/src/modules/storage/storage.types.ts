// One door to file bytes: local disk by default, S3-compatible object storage when
// STORAGE_URL=s3://… is set. Keys are slash-separated paths such as `gen/<id>/0.jpg`; writing
// the same key twice replaces the object, which is what makes job retries idempotent.
export interface ObjectStorage {
  /** for logs: where the bytes go (no secrets) */
  readonly description: string;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** null when there is no such object */
  get(key: string): Promise<Buffer | null>;
  /** no error when the object does not exist */
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/** Keys come from our own ids; refuse anything that could escape a folder or a bucket. */
export function assertKey(key: string): void {
  if (!KEY.test(key) || key.includes("..") || key.length > 512) {
    throw new Error(`Invalid storage key "${key}"`);
  }
}

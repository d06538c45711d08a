// Reading files from multipart requests under /v1, with the limits and codes of the public API.
import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { ApiError } from "./v1-errors.ts";

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

export function fileDigest(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** a damaged multipart body (busboy's errors carry no status): the client's fault */
export function unreadable(err: Error): Error {
  if ((err as { statusCode?: number }).statusCode) return err;
  return new ApiError(400, "invalid_request", "The multipart body could not be read.", err.message);
}

/** the one file of a multipart request, in field `field`, at most `maxBytes` */
export async function readOneFile(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new ApiError(
      415,
      "unsupported_media_type",
      `Send the photo as multipart/form-data in the field '${field}'.`,
    );
  }
  const part = await request
    .file({ limits: { fileSize: maxBytes, files: 1 } })
    .catch((err: Error) => {
      throw unreadable(err);
    });
  if (!part)
    throw new ApiError(400, "invalid_request", `No file: send it in the field '${field}'.`);
  if (part.fieldname !== field) {
    throw new ApiError(
      400,
      "invalid_request",
      `Unexpected field '${part.fieldname}'; use '${field}'.`,
    );
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new ApiError(413, "file_too_large", `The file is larger than ${mb(maxBytes)}.`);
    }
    throw unreadable(err as Error);
  }
  if (bytes.length === 0) throw new ApiError(400, "invalid_request", "The file is empty.");
  return bytes;
}

// The only error type routes and services throw on purpose. `error` is the text the client
// shows after 'Error:'; `code` (contracts' ErrorCodes) is what a client branches on when two
// refusals share a status; everything else that escapes becomes a 500 without details.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    readonly detail?: string,
    readonly code?: string,
  ) {
    super(error);
  }
}

export const badRequest = (error: string, detail?: string, code?: string) =>
  new HttpError(400, error, detail, code);
export const unauthorized = (error: string) => new HttpError(401, error);
export const forbidden = (error: string) => new HttpError(403, error);
export const notFound = (error: string) => new HttpError(404, error);
export const conflict = (error: string, detail?: string) => new HttpError(409, error, detail);

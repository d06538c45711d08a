// Every route's error answers, as its schema declares them: `{ error, message? }` for any 4xx
// and 5xx (the error handler shapes each failure so).
import { ErrorResponse } from "@studio/contracts";

export const errorResponses = { "4xx": ErrorResponse, "5xx": ErrorResponse };

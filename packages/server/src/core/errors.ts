/** An error whose message is meant for the person at the screen; the status says whose fault it is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code = 'request_failed',
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'invalid_request') => new HttpError(400, message, code);
export const unauthorized = (message = 'Sign in to continue.', code = 'unauthorized') =>
  new HttpError(401, message, code);
export const conflict = (message: string, code = 'conflict') => new HttpError(409, message, code);
export const notFound = (message: string, code = 'not_found') => new HttpError(404, message, code);

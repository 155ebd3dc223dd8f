/** Why a call failed, so a screen can tell "the network is down" from "the server said no". */
export type ApiErrorKind = 'network' | 'timeout' | 'http' | 'invalid_response';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status: number | null = null,
    readonly code: string | null = null,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** spec part 1 §4: a 503 or no answer at all means the data source is disconnected. */
  get isDisconnected(): boolean {
    return this.kind === 'network' || this.kind === 'timeout' || this.status === 503;
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's own sentence when there is one, else the caller's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.kind === 'http' && error.message) return error.message;
  return fallback;
}

/** Why a call failed, so a screen can tell "the network is down" from "the server said no". */
export type ApiErrorKind = 'network' | 'timeout' | 'http' | 'invalid_response';

/**
 * Marks an ApiError whichever copy of this package made it: the host's ApiClient throws into remotes
 * that bundle their own copy (0008), where `instanceof` would say no. Symbol.for is one per page.
 */
const API_ERROR_BRAND = Symbol.for('trading-dashboard.api-error');

export class ApiError extends Error {
  readonly [API_ERROR_BRAND] = true;

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
  return typeof error === 'object' && error !== null && API_ERROR_BRAND in error;
}

/** The server's own sentence when there is one, else the caller's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.kind === 'http' && error.message) return error.message;
  return fallback;
}

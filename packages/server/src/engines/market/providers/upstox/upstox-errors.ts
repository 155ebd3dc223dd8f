import { MarketDataError } from '../../market-types';

/** Upstox's error body: `{ status: 'error', errors: [{ errorCode, message, propertyPath, invalidValue }] }`. */
export interface UpstoxErrorBody {
  status?: string;
  errors?: { errorCode?: string; error_code?: string; message?: string }[];
}

/** Upstox's code for an invalid or expired access token (it also answers HTTP 401). */
const TOKEN_ERROR_CODES = new Set(['UDAPI100050']);

/** The access token expired (03:30 IST rollover) or was rejected: retrying cannot help, a new sign-in can. */
export class UpstoxAuthError extends MarketDataError {
  constructor(
    message: string,
    readonly upstoxCode: string | null = null,
  ) {
    super(message, 'auth_required');
    this.name = 'UpstoxAuthError';
  }
}

/** HTTP 429: too many requests for the plan's limits; retry after `retryAfterMs`. */
export class UpstoxRateLimitError extends MarketDataError {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message, 'upstream_error');
    this.name = 'UpstoxRateLimitError';
  }
}

/** Any other refusal by Upstox, with its HTTP status and error code for callers that branch on them. */
export class UpstoxApiError extends MarketDataError {
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly upstoxCode: string | null,
  ) {
    super(message, 'upstream_error');
    this.name = 'UpstoxApiError';
  }
}

/** Turns a non-2xx Upstox response into the typed error the engines act on. Never includes the token. */
export function upstoxErrorFromResponse(
  status: number,
  body: UpstoxErrorBody | null,
  retryAfterHeader: string | null,
): MarketDataError {
  const first = body?.errors?.[0];
  const code = first?.errorCode ?? first?.error_code ?? null;
  const detail = first?.message ?? `HTTP ${status}`;
  const described = code ? `${detail} (${code})` : detail;
  if (status === 401 || (code !== null && TOKEN_ERROR_CODES.has(code))) {
    return new UpstoxAuthError(`Upstox rejected the access token: ${described}.`, code);
  }
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(retryAfterHeader) ?? 1000;
    return new UpstoxRateLimitError(
      `Upstox rate limit reached: ${described}. Retry in ${Math.ceil(retryAfterMs / 1000)} s.`,
      retryAfterMs,
    );
  }
  return new UpstoxApiError(`Upstox error: ${described}.`, status, code);
}

/** Retry-After is either seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

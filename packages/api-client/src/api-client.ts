import { ApiError } from './api-error';

export interface ApiClientOptions {
  baseUrl: string;
  getToken: () => string | null;
  /** Called once per 401 on a call that carried a token: the session is gone. */
  onUnauthorized?: () => void;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export interface RequestOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Send no Authorization header even when a session exists. */
  anonymous?: boolean;
  /** Extra request headers (an Idempotency-Key, say); they never replace the session's. */
  headers?: Record<string, string>;
  /**
   * The answer to this same request, already asked for by plain `fetch` before the client existed
   * (the shell's entry script reads the registry that way, docs/decisions/0046): it is waited for
   * (within the timeout) and checked exactly as a fetched one. A busy retry fetches anew.
   */
  answer?: Promise<Response>;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * What checks a reply: a zod schema, or anything with the same `safeParse` (the shell's zod-free
 * registry check). Structural, so this module imports no zod.
 */
export interface ReplyParser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/**
 * A reply parser, or a function that loads one on first use (`() => import('./x').then(...)`): a call
 * the sign-in page makes still checks its reply with the shared schema, but zod is downloaded with
 * the request instead of with the page (docs/decisions/0045).
 */
export type ReplySchema<T> = ReplyParser<T> | (() => Promise<ReplyParser<T>>);

function loadParser<T>(schema: ReplySchema<T>): Promise<ReplyParser<T>> {
  return typeof schema === 'function' ? schema() : Promise.resolve(schema);
}

/**
 * A read the server shed under load (503 with Retry-After, docs/decisions/0042) is asked again after
 * the wait it names, at most this many times and only when the wait is short; writes never are.
 */
const BUSY_RETRIES = 3;
const BUSY_WAIT_LIMIT_S = 5;

/** Retry-After in seconds when a 503 names a short wait, else null (not busy, or a long outage). */
export function busyRetryAfterMs(response: Pick<Response, 'status' | 'headers'>): number | null {
  if (response.status !== 503) return null;
  const seconds = Number(response.headers.get('Retry-After'));
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > BUSY_WAIT_LIMIT_S) return null;
  return seconds * 1000;
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** An answer asked for elsewhere, given up on when this call times out or is cancelled. */
function untilAborted(answer: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    answer.then(resolve, reject);
  });
}

/** The one HTTP client every screen uses: Bearer token, timeouts, typed errors, validated replies. */
export class ApiClient {
  constructor(private readonly options: ApiClientOptions) {}

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  get<T>(path: string, schema: ReplySchema<T>, options?: RequestOptions): Promise<T> {
    return this.request('GET', path, schema, undefined, options);
  }

  post<T>(path: string, schema: ReplySchema<T>, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request('POST', path, schema, body, options);
  }

  put<T>(path: string, schema: ReplySchema<T>, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request('PUT', path, schema, body, options);
  }

  /** A file (a CSV export): the same session header, timeout and error mapping, the body as a Blob. */
  async getBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
    const { response, token } = await this.send('GET', path, undefined, options, '*/*');
    if (!response.ok) throw await this.refusal(response, token);
    return response.blob();
  }

  async request<T>(
    method: string,
    path: string,
    schema: ReplySchema<T>,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<T> {
    // A schema loaded on first use is fetched beside the request, not after it.
    const parser = loadParser(schema);
    parser.catch(() => undefined);
    const { response, token } = await this.send(method, path, body, options, 'application/json');
    if (!response.ok) throw await this.refusal(response, token);
    const payload = await response.json().catch(() => null);
    const parsed = (await parser).safeParse(payload);
    if (!parsed.success) {
      throw new ApiError(
        'invalid_response',
        `Unexpected reply from ${method} ${path}.`,
        response.status,
        null,
        payload,
      );
    }
    return parsed.data;
  }

  /** A fetch; a read the server shed as busy is asked again after its Retry-After. */
  private async send(
    method: string,
    path: string,
    body: unknown,
    options: RequestOptions,
    accept: string,
  ): Promise<{ response: Response; token: string | null }> {
    for (let attempt = 0; ; attempt++) {
      const once = attempt === 0 ? options : { ...options, answer: undefined };
      const sent = await this.sendOnce(method, path, body, once, accept);
      const waitMs = method === 'GET' && attempt < BUSY_RETRIES ? busyRetryAfterMs(sent.response) : null;
      if (waitMs === null) return sent;
      await sent.response.body?.cancel().catch(() => undefined);
      await wait(waitMs, options.signal);
    }
  }

  /** One fetch with the session, a timeout and the caller's signal; a failure to answer becomes an ApiError. */
  private async sendOnce(
    method: string,
    path: string,
    body: unknown,
    options: RequestOptions,
    accept: string,
  ): Promise<{ response: Response; token: string | null }> {
    const token = options.anonymous ? null : this.options.getToken();
    const headers: Record<string, string> = { ...options.headers, Accept: accept };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';

    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), timeoutMs);
    const onAbort = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', onAbort, { once: true });

    try {
      const response = await (options.answer
        ? untilAborted(options.answer, controller.signal)
        : (this.options.fetchImpl ?? fetch)(`${this.options.baseUrl}${path}`, {
            method,
            headers,
            body: body === undefined ? undefined : JSON.stringify(body),
            signal: controller.signal,
          }));
      return { response, token };
    } catch (error) {
      if (options.signal?.aborted) throw error;
      if (controller.signal.aborted)
        throw new ApiError('timeout', `The server did not answer within ${timeoutMs / 1000} s.`);
      throw new ApiError('network', 'Cannot reach the server. Check your connection.');
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  /** A refusal in the server's own words (its JSON error), announcing a lost session on 401. */
  private async refusal(response: Response, token: string | null): Promise<ApiError> {
    const payload = await response.json().catch(() => null);
    const record = (payload ?? {}) as { error?: unknown; message?: unknown; code?: unknown };
    const message =
      typeof record.error === 'string'
        ? record.error
        : typeof record.message === 'string'
          ? record.message
          : '';
    if (response.status === 401 && token) this.options.onUnauthorized?.();
    return new ApiError(
      'http',
      message,
      response.status,
      typeof record.code === 'string' ? record.code : null,
      payload,
    );
  }
}

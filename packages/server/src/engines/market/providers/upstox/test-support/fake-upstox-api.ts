import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: string;
}

export interface FakeReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A reply now, or later (a slow Upstox: the request is recorded at once, answered when it settles). */
type Handler = (request: RecordedRequest) => FakeReply | Promise<FakeReply>;

export const invalidTokenReply: FakeReply = {
  status: 401,
  body: {
    status: 'error',
    errors: [
      {
        errorCode: 'UDAPI100050',
        message: 'Invalid token used to access API',
        propertyPath: null,
        invalidValue: null,
        error_code: 'UDAPI100050',
        property_path: null,
        invalid_value: null,
      },
    ],
  },
};

/**
 * A local stand-in for api.upstox.com answering with Upstox's real JSON shapes. Routes are matched
 * newest first, so a test overrides a default by adding its own.
 */
export class FakeUpstoxApi {
  readonly requests: RecordedRequest[] = [];
  private readonly routes: { method: string; path: RegExp; handler: Handler }[] = [];
  private readonly server = http.createServer((req, res) => this.handle(req, res));
  /** The wss URL authorize hands out; `?code=n` makes each one distinct, as Upstox's are. */
  feedUrl = 'ws://127.0.0.1:1/feed';

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.route('GET', /^\/v3\/feed\/market-data-feed\/authorize$/, () => {
      const url = `${this.feedUrl}?requestId=fake&code=${this.count('/v3/feed/market-data-feed/authorize')}`;
      return {
        status: 200,
        body: { status: 'success', data: { authorized_redirect_uri: url, authorizedRedirectUri: url } },
      };
    });
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  route(method: string, path: RegExp, handler: Handler): void {
    this.routes.unshift({ method, path, handler });
  }

  count(path: string): number {
    return this.requests.filter((request) => request.path === path).length;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        path: decodeURIComponent(url.pathname),
        query: url.searchParams,
        authorization: req.headers.authorization,
        body,
      };
      this.requests.push(request);
      const route = this.routes.find((r) => r.method === request.method && r.path.test(request.path));
      void Promise.resolve(
        route?.handler(request) ?? {
          status: 404,
          body: { status: 'error', errors: [{ errorCode: 'UDAPI100060', message: 'Resource not Found.' }] },
        },
      ).then((reply) => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
      });
    });
  }
}

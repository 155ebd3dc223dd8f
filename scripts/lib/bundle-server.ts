import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';

/**
 * The container image's one web server (docs/decisions/0034): the built host and remotes from one
 * port, and /api (requests and the stream's WebSocket) passed to the API on loopback, so the browser
 * sees one origin. Built on node:http alone: the image carries no dev dependency (sirv is one).
 */
export interface BundleServerOptions {
  port: number;
  /** 0.0.0.0 in a container: the pod's address must reach it. */
  host: string;
  /** Built folders served from the root, first match wins; their paths do not overlap (/mf-<name>/<version>/). */
  roots: string[];
  /** The host shell: unknown paths serve its index.html, and /app-config.js names the API. */
  spa?: { indexFile: string; apiUrl: string; contentSecurityPolicy: string };
  /** http://127.0.0.1:8082: /api/* goes there. */
  apiUpstream?: string;
  /** Path prefix → origin, e.g. /mf-infra/ → http://mf-infra:8080: a remote shipped in its own image. */
  upstreams?: Record<string, string>;
}

export interface BundleServer {
  port: number;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Only content-hashed files are immutable; pages, manifests and remoteEntry.js are revalidated. */
export function cacheControlFor(pathname: string): string {
  return /\.[0-9a-f]{8}\.(js|css|map)$/.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The file under one of `roots` a URL path names, never outside them (`..` and encoded tricks included). */
export function resolveStaticFile(roots: readonly string[], pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  for (const root of roots) {
    const base = path.resolve(root);
    const file = path.resolve(base, `.${path.posix.normalize(`/${decoded}`)}`);
    if (!file.startsWith(base + path.sep)) continue;
    if (fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return file;
  }
  return null;
}

function sendFile(res: http.ServerResponse, file: string, pathname: string, head: boolean): void {
  res.setHeader('Content-Type', CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream');
  res.setHeader('Cache-Control', cacheControlFor(pathname));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (head) res.end();
  else fs.createReadStream(file).pipe(res);
}

function forwardedHeaders(req: http.IncomingMessage): http.OutgoingHttpHeaders {
  const peer = req.socket.remoteAddress ?? '';
  const prior = req.headers['x-forwarded-for'];
  return { ...req.headers, 'x-forwarded-for': prior ? `${prior}, ${peer}` : peer };
}

export function proxyRequest(req: http.IncomingMessage, res: http.ServerResponse, upstream: string): void {
  const target = new URL(req.url ?? '/', upstream);
  const outgoing = http.request(target, { method: req.method, headers: forwardedHeaders(req) }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  outgoing.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('The API server does not answer.');
  });
  req.pipe(outgoing);
}

/** A WebSocket upgrade (the stream): the request head is written again upstream, then bytes flow both ways. */
export function proxyUpgrade(
  req: http.IncomingMessage,
  socket: net.Socket,
  head: Buffer,
  upstream: string,
): void {
  const target = new URL(upstream);
  const peer = net.connect(Number(target.port || 80), target.hostname, () => {
    const headers = forwardedHeaders(req);
    const lines = Object.entries(headers).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((item) => `${name}: ${item}`),
    );
    peer.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) peer.write(head);
    socket.pipe(peer).pipe(socket);
  });
  const end = () => {
    peer.destroy();
    socket.destroy();
  };
  peer.on('error', end);
  socket.on('error', end);
}

function upstreamFor(options: BundleServerOptions, pathname: string): string | null {
  if (options.apiUpstream && (pathname === '/api' || pathname.startsWith('/api/')))
    return options.apiUpstream;
  for (const [prefix, origin] of Object.entries(options.upstreams ?? {}))
    if (pathname.startsWith(prefix)) return origin;
  return null;
}

export async function startBundleServer(options: BundleServerOptions): Promise<BundleServer> {
  // Upgraded sockets leave the server's books: kept here so close() ends open streams too.
  const upgraded = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://bundle.invalid').pathname;
    const upstream = upstreamFor(options, pathname);
    if (upstream) return proxyRequest(req, res, upstream);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const head = req.method === 'HEAD';
    const { spa } = options;
    if (spa && pathname === '/app-config.js') {
      res.writeHead(200, { 'Content-Type': CONTENT_TYPES['.js'], 'Cache-Control': 'no-store' });
      res.end(head ? undefined : `window.__APP_CONFIG__ = ${JSON.stringify({ apiUrl: spa.apiUrl })};\n`);
      return;
    }
    const file = resolveStaticFile(options.roots, pathname);
    const remote = pathname.startsWith('/mf-');
    // Remote builds are fetched by the host page, whatever origin serves them.
    if (file && remote) res.setHeader('Access-Control-Allow-Origin', '*');
    // The host's pages get its security headers below; every other file (a remote's own page too) as it is.
    if (file && (remote || !spa || !file.endsWith('.html'))) return sendFile(res, file, pathname, head);
    if (!spa || remote) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    res.setHeader('Content-Security-Policy', spa.contentSecurityPolicy);
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'no-referrer');
    sendFile(res, file ?? spa.indexFile, '/index.html', head);
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const pathname = new URL(req.url ?? '/', 'http://bundle.invalid').pathname;
    const upstream = upstreamFor(options, pathname);
    if (!upstream) return socket.destroy();
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    proxyUpgrade(req, socket, head, upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        for (const socket of upgraded) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

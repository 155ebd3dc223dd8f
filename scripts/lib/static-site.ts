import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sirv from 'sirv';
import { cacheControlFor } from './bundle-server';

export interface StaticSiteOptions {
  root: string;
  port: number;
  host?: string;
  /** The host shell: unknown paths serve index.html, and /app-config.js tells it where the API is. */
  spa?: { apiUrl: string; contentSecurityPolicy: () => Promise<string> };
  /**
   * Ops releases (`pnpm remote:release`): DATA_DIR/releases/, whose mf-<name>/<version>/ folders are served
   * at the same paths as the builds in `root` (which win), for requests under `prefix` (/mf-<name>/).
   */
  releases?: { root: string; prefix: string };
}

export interface StaticSite {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Serves a built dist folder. Remote builds sit under versioned paths and never change, so they are
 * cached as immutable and readable from any origin (the host fetches their manifests).
 */
export async function startStaticSite(options: StaticSiteOptions): Promise<StaticSite> {
  if (!fs.existsSync(options.root)) throw new Error(`Nothing built at ${options.root}: run the build first.`);
  const setHeaders = (res: http.ServerResponse, pathname: string) => {
    res.setHeader('Cache-Control', cacheControlFor(pathname));
    if (!options.spa) res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
  };
  const serve = sirv(options.root, {
    // Read the folder on every request, so a newly published remote version is served without a restart.
    dev: true,
    etag: true,
    single: !!options.spa,
    setHeaders,
  });

  const releases = options.releases && sirv(options.releases.root, { dev: true, etag: true, setHeaders });
  const notFound = (res: http.ServerResponse) => {
    res.statusCode = 404;
    res.end('Not found');
  };

  const server = http.createServer(async (req, res) => {
    if (options.spa && req.url === '/app-config.js') {
      res.setHeader('Content-Type', 'application/javascript; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.end(`window.__APP_CONFIG__ = ${JSON.stringify({ apiUrl: options.spa.apiUrl })};\n`);
      return;
    }
    if (options.spa) {
      res.setHeader('Content-Security-Policy', await options.spa.contentSecurityPolicy());
      res.setHeader('X-Frame-Options', 'DENY');
      res.setHeader('Referrer-Policy', 'no-referrer');
    }
    serve(req, res, () => {
      // The normalised path (no `..` segments) must stay under the remote's own prefix.
      const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (releases && options.releases && pathname.startsWith(options.releases.prefix))
        releases(req, res, () => notFound(res));
      else notFound(res);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const distOf = (workspaceRoot: string, pkg: string) => path.join(workspaceRoot, pkg, 'dist');

import http from 'node:http';
import type net from 'node:net';
import type { AddressInfo } from 'node:net';
import { proxyRequest, proxyUpgrade } from '../../../scripts/lib/bundle-server';

export interface InstanceProxy {
  url: string;
  /** The proxy's address that always reaches one instance: `${url}/via/<name>`. */
  via(name: string): string;
  close(): Promise<void>;
}

/**
 * The load balancer in front of the instances, as small as it can be: `/via/<name>/…` is sticky to
 * that instance (the path prefix is dropped), every other path goes round-robin. Requests and the
 * stream's WebSocket are passed on with the container image's own proxy code (scripts/lib/bundle-server).
 */
export async function startInstanceProxy(upstreams: Record<string, string>): Promise<InstanceProxy> {
  const names = Object.keys(upstreams);
  let turn = 0;
  const route = (req: http.IncomingMessage): string | null => {
    const match = /^\/via\/([^/]+)(\/.*)$/.exec(req.url ?? '/');
    if (match) {
      req.url = match[2];
      return upstreams[match[1]!] ?? null;
    }
    return upstreams[names[turn++ % names.length]!]!;
  };
  const upgraded = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const upstream = route(req);
    if (!upstream) return void res.writeHead(404).end('No such instance.');
    proxyRequest(req, res, upstream);
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const upstream = route(req);
    if (!upstream) return socket.destroy();
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    proxyUpgrade(req, socket, head, upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    via: (name) => `${url}/via/${name}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        for (const socket of upgraded) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import { marketInfoFrame } from './upstox-frames';

export interface ReceivedRequest {
  isBinary: boolean;
  json: { guid: string; method: string; data: { mode?: string; instrumentKeys: string[] } };
}

/** A local Upstox V3 feed: greets each connection with market_info, records requests, sends frames. */
export class FakeUpstoxFeedServer {
  readonly connections: { url: string; socket: WebSocket }[] = [];
  readonly received: ReceivedRequest[] = [];
  pings = 0;
  private readonly server: WebSocketServer;
  private readonly ready: Promise<void>;

  constructor() {
    this.server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    this.ready = new Promise((resolve) => this.server.once('listening', () => resolve()));
    this.server.on('connection', (socket, request) => {
      this.connections.push({ url: request.url ?? '', socket });
      socket.on('message', (data, isBinary) => {
        this.received.push({ isBinary, json: JSON.parse(data.toString()) });
      });
      socket.on('ping', () => {
        this.pings++;
      });
      socket.send(marketInfoFrame());
    });
  }

  async url(): Promise<string> {
    await this.ready;
    return `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}/feed`;
  }

  /** Sends a frame on the newest connection. */
  send(frame: Uint8Array): void {
    this.connections.at(-1)?.socket.send(frame);
  }

  close(): Promise<void> {
    for (const client of this.server.clients) client.terminate();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Polls until `condition` holds (real sockets and timers: no fake clock here). */
export async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

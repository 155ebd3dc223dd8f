import { StreamClient } from './stream-client';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const newClient = (options: { getToken?: () => string | null; onSessionEnded?: () => void } = {}) =>
  new StreamClient({
    url: 'ws://api.test/api/stream',
    getToken: () => 'secret-token',
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    ...options,
  });

beforeEach(() => {
  FakeSocket.all = [];
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe('StreamClient', () => {
  it('authenticates in its first message, never in the URL, then subscribes', () => {
    const client = newClient();
    client.subscribe('ticks:RELIANCE', () => undefined);
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toBe('ws://api.test/api/stream');
    socket.open();
    expect(socket.sent[0]).toEqual({ type: 'auth', token: 'secret-token' });
    expect(socket.sent[1]).toEqual({ type: 'subscribe', topics: ['ticks:RELIANCE'] });
  });

  it('delivers messages to the handlers of their topic only', () => {
    const client = newClient();
    const reliance = jest.fn();
    const indices = jest.fn();
    client.subscribe('ticks:RELIANCE', reliance);
    client.subscribe('indices', indices);
    const socket = FakeSocket.all[0]!;
    socket.open();
    socket.receive({ topic: 'indices', data: { NIFTY_50: 1 } });
    expect(indices).toHaveBeenCalledWith({ NIFTY_50: 1 });
    expect(reliance).not.toHaveBeenCalled();
    // A burst arrives as one array message.
    socket.receive([
      { topic: 'ticks:RELIANCE', data: { ltp: 1 } },
      { topic: 'indices', data: { NIFTY_50: 2 } },
    ]);
    expect(reliance).toHaveBeenCalledWith({ ltp: 1 });
    expect(indices).toHaveBeenLastCalledWith({ NIFTY_50: 2 });
  });

  it('reconnects with a growing delay and subscribes again', () => {
    const client = newClient();
    client.subscribe('portfolio', () => undefined);
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.close();
    jest.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.close();
    jest.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    jest.advanceTimersByTime(1);
    const third = FakeSocket.all[2]!;
    third.open();
    expect(third.sent).toContainEqual({ type: 'subscribe', topics: ['portfolio'] });
  });

  it('closes the socket when the last subscriber leaves', () => {
    const client = newClient();
    const leave = client.subscribe('portfolio', () => undefined);
    FakeSocket.all[0]!.open();
    leave();
    expect(FakeSocket.all[0]!.readyState).toBe(3);
    jest.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('reports a session the server ended and stops retrying its token until a new sign-in', () => {
    let token = 'secret-token';
    const onSessionEnded = jest.fn();
    const client = newClient({ getToken: () => token, onSessionEnded });
    client.subscribe('portfolio', () => undefined);
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.close(4401);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);

    token = 'new-session-token';
    client.subscribe('indices', () => undefined);
    const next = FakeSocket.all[1]!;
    next.open();
    expect(next.sent[0]).toEqual({ type: 'auth', token: 'new-session-token' });
  });

  it('reconnects, without reporting a sign-out, when the stream closes for any other reason', () => {
    const onSessionEnded = jest.fn();
    const client = newClient({ onSessionEnded });
    client.subscribe('portfolio', () => undefined);
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.close(4408);
    jest.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });
});

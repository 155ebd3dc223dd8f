import { STREAM_CLOSE_CODES } from '@td/contracts';
import type { WebSocket } from 'ws';
import { MAX_BUFFERED_BYTES, SLOW_CLIENT_BYTES, StreamConnection } from './stream-connection';

/** A socket whose send buffer we control: "slow" means the kernel has not drained what we wrote. */
function fakeSocket() {
  const sent: string[] = [];
  const socket = {
    readyState: 1,
    bufferedAmount: 0,
    send(frame: Buffer) {
      sent.push(frame.toString());
    },
  };
  return { socket, sent, connection: new StreamConnection(socket as unknown as WebSocket) };
}

const frame = (topic: string, ltp: number) => Buffer.from(JSON.stringify({ topic, data: { ltp } }));

describe('a slow stream client', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends a lone frame as it is, and a burst of frames as one JSON array message', () => {
    const { connection, sent } = fakeSocket();
    connection.send('ticks:TCS', frame('ticks:TCS', 1));
    jest.runOnlyPendingTimers();
    expect(sent.map((text) => JSON.parse(text))).toEqual([{ topic: 'ticks:TCS', data: { ltp: 1 } }]);
    connection.send('ticks:TCS', frame('ticks:TCS', 2));
    connection.send('indices', frame('indices', 3));
    jest.runOnlyPendingTimers();
    expect(JSON.parse(sent[1]!)).toEqual([
      { topic: 'ticks:TCS', data: { ltp: 2 } },
      { topic: 'indices', data: { ltp: 3 } },
    ]);
    expect(connection.delivered).toBe(3);
  });

  it('keeps only the newest frame per topic while it is behind, then catches up with current values', () => {
    const { socket, connection, sent } = fakeSocket();
    socket.bufferedAmount = SLOW_CLIENT_BYTES + 1;
    for (let ltp = 1; ltp <= 10_000; ltp++) {
      connection.send('ticks:TCS', frame('ticks:TCS', ltp));
      connection.send('ticks:INFY', frame('ticks:INFY', ltp * 2));
    }
    expect(sent).toHaveLength(0);
    expect(connection.pendingTopics).toBe(2); // bounded by topics, not by frames
    expect(connection.coalesced).toBe(2 * 10_000 - 2);

    socket.bufferedAmount = 0;
    jest.advanceTimersByTime(20);
    expect(sent.map((text) => JSON.parse(text))).toEqual([
      [
        { topic: 'ticks:TCS', data: { ltp: 10_000 } },
        { topic: 'ticks:INFY', data: { ltp: 20_000 } },
      ],
    ]);
    expect(connection.pendingTopics).toBe(0);
  });

  it('drops what it held when the socket closes', () => {
    const { socket, connection, sent } = fakeSocket();
    socket.bufferedAmount = SLOW_CLIENT_BYTES + 1;
    connection.send('indices', frame('indices', 1));
    socket.readyState = 3;
    jest.advanceTimersByTime(50);
    expect(sent).toHaveLength(0);
    expect(connection.pendingTopics).toBe(0);
  });
});

describe('a client that does not read its replies', () => {
  it('is closed with tooFarBehind once MAX_BUFFERED_BYTES wait unread, and is sent nothing more', () => {
    const { socket, connection, sent } = fakeSocket();
    const close = jest.fn();
    Object.assign(socket, { close });
    connection.sendControl({ type: 'pong' });
    expect(sent).toEqual(['{"type":"pong"}']);

    socket.bufferedAmount = MAX_BUFFERED_BYTES;
    connection.sendControl({ type: 'pong' });
    connection.sendControl({ type: 'subscribed', topics: ['indices'] });

    expect(sent).toHaveLength(1);
    expect(close).toHaveBeenCalledWith(STREAM_CLOSE_CODES.tooFarBehind, expect.stringMatching(/reconnect/));
  });

  it('never closes a client only for falling behind on ticks: they wait and coalesce instead', () => {
    jest.useFakeTimers();
    try {
      const { socket, connection, sent } = fakeSocket();
      const close = jest.fn();
      Object.assign(socket, { close });
      socket.bufferedAmount = MAX_BUFFERED_BYTES * 4;
      for (let ltp = 1; ltp <= 1000; ltp++) connection.send('indices', frame('indices', ltp));
      jest.advanceTimersByTime(100);
      expect(sent).toHaveLength(0);
      expect(close).not.toHaveBeenCalled();
      expect(connection.pendingTopics).toBe(1);
    } finally {
      jest.useRealTimers();
    }
  });
});

import { call, closeHistoryApp, fetchBody, start } from './test-support/history-app';

afterEach(closeHistoryApp);

describe('POST /api/history/fetch without Upstox', () => {
  beforeEach(() => start());

  it('answers 409 with what to do', async () => {
    const reply = await call('POST', '/api/history/fetch', fetchBody);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().error).toMatch(
      /^Upstox history needs a connected account\. Upstox is not configured/,
    );
  });

  it.each([
    [{ ...fetchBody, symbols: [] }, 'Invalid symbols: symbols is empty'],
    [
      { ...fetchBody, symbols: Array.from({ length: 21 }, (_, i) => `S${i}`) },
      'at most 20 symbols per fetch',
    ],
    [{ ...fetchBody, interval: 'week' }, 'Invalid interval: interval must be one of 1minute, day'],
    [{ ...fetchBody, from: '2025-13-01' }, 'Invalid from: from is not a real calendar date'],
    [{ ...fetchBody, from: '2026-01-02', to: '2025-12-01' }, 'Invalid to: from must be on or before to'],
    [{ ...fetchBody, from: '2025-01-01' }, 'the range is too long for one fetch'],
    [
      { ...fetchBody, interval: '1minute', from: '2021-12-01', to: '2022-01-10' },
      'Invalid from: Upstox serves one-minute bars from 2022-01-01 on',
    ],
  ])('answers 400 with a sentence for %j', async (payload, message) => {
    const reply = await call('POST', '/api/history/fetch', payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error).toContain(message);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApiClient } from './api-client';
import { ApiClientProvider } from './api-client-context';
import { useEmergencyStop } from './safety';

// The schema chunk fails to load, as it would on a flaky network in the middle of a halt.
jest.mock('./safety-replies', () => {
  throw new Error('chunk failed to load');
});

/** The halt the server answers the stop with: carried out, two orders cancelled. */
const halted = {
  halted: true,
  reason: 'Broker feed is wrong',
  source: 'manual',
  breaker: null,
  by: 'trader@example.com',
  at: '2026-11-26T09:15:00.000Z',
  cancelled_orders: 2,
  closed_positions: 0,
  resumed_at: null,
};

function renderStop() {
  const fetchImpl = jest.fn(async (url: string, _init?: RequestInit) =>
    new URL(url).pathname === '/api/risk/emergency-stop'
      ? { ok: true, status: 200, headers: new Headers(), json: async () => ({ success: true, data: halted }) }
      : {
          ok: false,
          status: 404,
          headers: new Headers(),
          json: async () => ({ success: false, error: 'Not here' }),
        },
  );
  const api = new ApiClient({
    baseUrl: 'http://api.test',
    getToken: () => 'tok',
    fetchImpl: fetchImpl as unknown as typeof fetch,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={api}>{children}</ApiClientProvider>
    </QueryClientProvider>
  );
  const notify = jest.fn();
  const hook = renderHook(() => useEmergencyStop({ notify }), { wrapper });
  const stops = () =>
    fetchImpl.mock.calls.filter(([url]) => new URL(url).pathname === '/api/risk/emergency-stop');
  return { hook, stops, notify };
}

describe('Emergency Stop while its schema chunk cannot load', () => {
  it('still sends the stop, for the server to check the reason', async () => {
    const { hook, stops } = renderStop();
    act(() => hook.result.current.request());
    act(() => hook.result.current.confirm({ reason: 'Broker feed is wrong', close_positions: false }));
    await waitFor(() => expect(stops()).toHaveLength(1));
    expect(JSON.parse(String(stops()[0]![1]?.body))).toEqual({
      reason: 'Broker feed is wrong',
      close_positions: false,
    });
  });

  it('reads the server answer without the chunk: a stop carried out says so, never "try again"', async () => {
    const { hook, notify } = renderStop();
    act(() => hook.result.current.request());
    act(() => hook.result.current.confirm({ reason: 'Broker feed is wrong', close_positions: false }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'Trading halted: 2 pending orders cancelled.'),
    );
    expect(hook.result.current.error).toBeNull();
    expect(hook.result.current.open).toBe(false);
  });

  it('sends one stop for a double click, and keeps the dialog open until it is answered', async () => {
    const { hook, stops, notify } = renderStop();
    act(() => hook.result.current.request());
    act(() => {
      hook.result.current.confirm({ reason: 'Broker feed is wrong', close_positions: true });
      hook.result.current.confirm({ reason: 'Broker feed is wrong', close_positions: true });
    });
    expect(hook.result.current.submitting).toBe(true);
    act(() => hook.result.current.cancel());
    expect(hook.result.current.open).toBe(true);
    await waitFor(() => expect(notify).toHaveBeenCalled());
    expect(stops()).toHaveLength(1);
  });
});

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

function renderStop() {
  const fetchImpl = jest.fn(async (_url: string, _init?: RequestInit) => ({
    ok: false,
    status: 404,
    headers: new Headers(),
    json: async () => ({ success: false, error: 'Not here' }),
  }));
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
  const hook = renderHook(() => useEmergencyStop({ notify: jest.fn() }), { wrapper });
  const stops = () =>
    fetchImpl.mock.calls.filter(([url]) => new URL(url).pathname === '/api/risk/emergency-stop');
  return { hook, stops };
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
});

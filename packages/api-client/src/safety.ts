import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type EmergencyStopRequest,
  type HaltState,
  haltStateReply,
  SAFETY_STREAM_TOPIC,
} from '@td/contracts';
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { errorMessage } from './api-error';
import { POLL_INTERVALS } from './polling';
import { portfolioKeys } from './portfolio';
import { riskKeys } from './risk';
import { shellKeys, useEngineStatus } from './shell';
import { tradesKeys, tradesQuery } from './trades';

/** The message and request schemas come with the first message or confirmation (safety-replies.ts). */
const replies = () => import('./safety-replies');
/**
 * The halt's answer is read without zod, never through a chunk that could fail to load: a stop the
 * server carried out must never read "failed, try again" (a second press could sell again).
 */
const haltReply = haltStateReply;

export const safetyKeys = {
  halt: ['risk', 'halt'] as const,
};

export const haltQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: safetyKeys.halt,
    queryFn: ({ signal }) => api.get('/api/risk/halt', haltReply, { signal }).then((r) => r.data),
    refetchInterval: POLL_INTERVALS.engineStatus,
  });

/** The shape the host's and a remote's `subscribe` share (platform's StreamHandler). */
export type SubscribeToTopic = (topic: string, handler: (payload: unknown) => void) => () => void;

/** After a halt or a resume every figure that depends on it is asked for again. */
const invalidateAfterHaltChange = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all(
    [
      shellKeys.engineStatus,
      riskKeys.all,
      tradesKeys.all,
      portfolioKeys.holdings,
      shellKeys.portfolioOverview,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );

/**
 * Whether trading is halted, kept live three ways: GET /api/risk/halt, the `halt` the engines status
 * poll carries (every 30 s), and — when `subscribe` is given — the `safety` stream topic at once.
 */
export function useHaltState(subscribe?: SubscribeToTopic) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const fromEngines = useEngineStatus().data?.halt;
  useEffect(() => {
    if (fromEngines) queryClient.setQueryData(safetyKeys.halt, fromEngines);
  }, [fromEngines, queryClient]);
  useEffect(() => {
    if (!subscribe) return;
    let subscribed = true;
    const unsubscribe = subscribe(SAFETY_STREAM_TOPIC, (payload) => {
      // One module promise: messages are still handled in the order they came.
      void replies()
        .then(({ safetyMessageSchema }) => {
          const message = safetyMessageSchema.safeParse(payload);
          if (!subscribed || !message.success) return;
          if (message.data.kind === 'halt') {
            queryClient.setQueryData(safetyKeys.halt, message.data.halt);
            void invalidateAfterHaltChange(queryClient);
          } else {
            void queryClient.invalidateQueries({ queryKey: riskKeys.alerts });
          }
        })
        // Unchecked, a message is dropped; the halt poll and the engines status still carry the state.
        .catch(() => undefined);
    });
    return () => {
      subscribed = false;
      unsubscribe();
    };
  }, [subscribe, queryClient]);
  return useQuery(haltQuery(api));
}

function useHaltMutation<Input>(call: (api: ApiClient, input: Input) => Promise<HaltState>) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => call(api, input),
    onSuccess: (halt) => {
      queryClient.setQueryData(safetyKeys.halt, halt);
      // Not awaited: the acknowledgement answers the trader at once; reloads from a slow broker may take seconds.
      void invalidateAfterHaltChange(queryClient);
    },
  });
}

export const useEmergencyStopCall = () =>
  useHaltMutation((api, request: EmergencyStopRequest) =>
    api.post('/api/risk/emergency-stop', haltReply, request).then((r) => r.data),
  );

export const useResumeTradingCall = () =>
  useHaltMutation((api, reason: string | undefined) =>
    api.post('/api/risk/resume', haltReply, reason ? { reason } : {}).then((r) => r.data),
  );

export const EMERGENCY_STOP_FAILED = 'Emergency Stop failed: the server did not confirm the halt. Try again.';
export const RESUME_FAILED = 'Resume failed: trading is still halted. Try again.';

type Notify = (kind: 'success' | 'error', message: string) => void;

/**
 * The Emergency Stop flow every screen shares (the shell's top bar and the risk screen): open the
 * confirmation, count what the stop will touch (pending orders, open positions), send it, say how it went.
 */
export function useEmergencyStop({ notify, subscribe }: { notify: Notify; subscribe?: SubscribeToTopic }) {
  const api = useApiClient();
  const [open, setOpen] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const halt = useHaltState(subscribe);
  // The trades summary counts the pending orders and the open positions of the account the mode names.
  const counts = useQuery({ ...tradesQuery(api, { status: 'PENDING', page_size: 1 }), enabled: open });
  const stop = useEmergencyStopCall();
  // Set at the click, before the schema has loaded and the request is made: a second click, or a
  // Cancel, meanwhile must not send a second stop (each one cancels and sells again).
  const confirming = useRef(false);
  const [waiting, setWaiting] = useState(false);
  const summary = open && counts.data ? counts.data.summary : null;

  const settle = () => {
    confirming.current = false;
    setWaiting(false);
  };
  const send = (request: EmergencyStopRequest) =>
    stop.mutate(request, {
      onSettled: settle,
      onSuccess: (state) => {
        setOpen(false);
        notify(
          'success',
          `Trading halted: ${state.cancelled_orders} pending order${state.cancelled_orders === 1 ? '' : 's'} cancelled${
            state.chasing_orders > 0 ? `, ${state.chasing_orders} still being cancelled at Upstox` : ''
          }${
            request.close_positions
              ? `, ${state.closed_positions} position${state.closed_positions === 1 ? '' : 's'} closed`
              : ''
          }.`,
        );
      },
    });

  return {
    open,
    halted: halt.data?.halted ?? false,
    pendingOrders: summary ? summary.pending : null,
    openPositions: summary ? summary.open_positions : null,
    submitting: waiting || stop.isPending,
    error: stop.isError ? errorMessage(stop.error, EMERGENCY_STOP_FAILED) : null,
    invalid,
    request: () => {
      // The confirmation checks the reason with the server's schema: have it loaded by then.
      void replies().catch(() => undefined);
      stop.reset();
      setInvalid(null);
      setOpen(true);
    },
    cancel: () => {
      if (!confirming.current) setOpen(false);
    },
    confirm: (input: EmergencyStopRequest) => {
      if (confirming.current) return;
      confirming.current = true;
      setWaiting(true);
      void replies().then(
        ({ emergencyStopRequestSchema }) => {
          // The server's own schema checks the reason first, so the refusal reads the same here and there.
          const parsed = emergencyStopRequestSchema.safeParse(input);
          setInvalid(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check the reason.'));
          if (parsed.success) send(parsed.data);
          else settle();
        },
        // A stop is never held back by a schema chunk that failed to load: the server checks the reason too.
        () => send(input),
      );
    },
  };
}
export type EmergencyStopFlow = ReturnType<typeof useEmergencyStop>;

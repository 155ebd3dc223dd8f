import type { NewsSourceStatus } from '@td/contracts';
import type { Newswire, NewswireEvent } from '../../../market/simulator/newswire-events';
import type { NewsSource, RawHeadline } from './news-source';

export const NEWSWIRE_NAME = 'Simulated newswire';

export function headlineFromEvent(event: NewswireEvent): RawHeadline {
  return {
    title: event.title,
    summary: event.summary,
    url: null,
    publishedAt: event.at,
    source: NEWSWIRE_NAME,
    eventType: event.type,
    symbols: event.symbol ? [event.symbol] : [],
    sectors: [event.sector],
    simulated: true,
  };
}

/** The mock-mode newswire: the simulator's company and sector events, as they break. */
export class NewswireSource implements NewsSource {
  readonly id = 'simulated-newswire';
  readonly name = NEWSWIRE_NAME;
  readonly kind = 'simulator' as const;
  readonly url = null;
  private lastAt: number | null = null;
  private taken = 0;

  constructor(
    private readonly newswire: Newswire,
    private readonly accepting: () => boolean,
  ) {}

  subscribe(deliver: (items: RawHeadline[]) => void): () => void {
    return this.newswire.onEvent((event) => {
      if (!this.accepting()) return;
      this.lastAt = event.at;
      this.taken += 1;
      deliver([headlineFromEvent(event)]);
    });
  }

  /** The news of the newest `sessions` generated past sessions up to `now` (mock mode's history), as headlines. */
  async past(sessions: number, now: number, signal?: AbortSignal): Promise<RawHeadline[]> {
    const events = await this.newswire.lastSessionsEvents(sessions, now, signal);
    for (const event of events) {
      this.lastAt = Math.max(this.lastAt ?? event.at, event.at);
      this.taken += 1;
    }
    return events.map(headlineFromEvent);
  }

  status(enabled: boolean): NewsSourceStatus {
    const last = this.lastAt === null ? null : new Date(this.lastAt).toISOString();
    return {
      id: this.id,
      name: this.name,
      kind: 'simulator',
      enabled,
      url: null,
      last_fetch_at: last,
      last_success_at: last,
      last_error: null,
      items_taken: this.taken,
    };
  }
}

import type { TickStreamingDashboard } from '@td/contracts';
import { Badge, Card, FactList, formatIstClock } from '@td/ui';
import styled from 'styled-components';

const Lists = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin-top: ${({ theme }) => theme.space(4)};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
  li {
    padding: ${({ theme }) => theme.space(1)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

const onOff = (on: boolean) => (
  <Badge tone={on ? 'positive' : 'neutral'} dot>
    {on ? 'Active' : 'Off'}
  </Badge>
);

const at = (ts: number) => formatIstClock(new Date(ts).toISOString());

/** spec part 2 §2.9 "Data Flow & Features", with the latest patterns and smart-money events. */
export function DataFlowCard({ flow }: { flow: TickStreamingDashboard['data_flow'] }) {
  return (
    <Card title="Data Flow & Features">
      <FactList aria-label="Data flow">
        <dt>Ticks per second</dt>
        <dd>{flow.ticks_per_second}</dd>
        <dt>1-Second Candles</dt>
        <dd>{onOff(flow.one_second_candles)}</dd>
        <dt>Level 2 Depth</dt>
        <dd>{flow.depth_levels > 0 ? `${flow.depth_levels} levels` : 'Not available'}</dd>
        <dt>Pattern Detection</dt>
        <dd>{onOff(flow.pattern_detection)}</dd>
        <dt>Smart Money Tracking</dt>
        <dd>{onOff(flow.smart_money_tracking)}</dd>
      </FactList>
      <Lists>
        <section aria-label="Recent patterns">
          <h3>Recent patterns</h3>
          {flow.recent_patterns.length === 0 ? (
            <p>No patterns detected yet.</p>
          ) : (
            <ul>
              {flow.recent_patterns.map((event) => (
                <li key={`${event.symbol}-${event.ts}-${event.pattern}`}>
                  {at(event.ts)} · {event.symbol} · {event.pattern.replace(/_/g, ' ')}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-label="Smart money events">
          <h3>Smart money</h3>
          {flow.smart_money_events.length === 0 ? (
            <p>No smart-money events yet.</p>
          ) : (
            <ul>
              {flow.smart_money_events.map((event) => (
                <li key={`${event.symbol}-${event.ts}-${event.kind}`}>
                  {at(event.ts)} · {event.description}
                </li>
              ))}
            </ul>
          )}
        </section>
      </Lists>
    </Card>
  );
}

/** spec part 2 §2.9: shown only while the Upstox feed runs in its Plus (full_d30) mode. */
export function UpstoxPlusCard({
  plus,
}: {
  plus: NonNullable<TickStreamingDashboard['upstox_plus_features']>;
}) {
  return (
    <Card title="Upstox Plus Features">
      <FactList aria-label="Upstox Plus features">
        <dt>WebSocket connections</dt>
        <dd>{plus.websocket_connections}</dd>
        <dt>Symbols tracked</dt>
        <dd>{plus.symbols_tracked}</dd>
        <dt>Candles active</dt>
        <dd>{plus.candles_active}</dd>
      </FactList>
    </Card>
  );
}

import type { TickStreamingDashboard } from '@td/contracts';
import { Badge, Card } from '@td/ui';
import styled from 'styled-components';
import { streamName } from './connection-tone';

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
  ${({ theme }) => theme.media.phone} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Stream = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  min-width: 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  font-size: ${({ theme }) => theme.fontSize.sm};
  strong {
    overflow-wrap: anywhere;
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** spec part 2 §2.9 "WebSocket Connections": one card per stream the server reports. */
export function WebsocketCards({ streams }: { streams: TickStreamingDashboard['websocket_health'] }) {
  const entries = Object.entries(streams);
  const symbolsLabel = (key: string) => (key === 'dashboard_clients' ? 'topics' : 'symbols');
  return (
    <Card title="WebSocket Connections">
      <Grid aria-label="WebSocket connections">
        {entries.map(([key, stream]) => (
          <Stream key={key}>
            <strong>{streamName(key)}</strong>
            <div>
              <Badge tone={stream.active ? 'positive' : 'neutral'} dot>
                {stream.active ? 'Active' : 'Inactive'}
              </Badge>
            </div>
            <span>Mode: {stream.mode}</span>
            <span>
              {stream.symbols} {symbolsLabel(key)}
            </span>
          </Stream>
        ))}
      </Grid>
    </Card>
  );
}

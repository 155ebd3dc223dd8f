import type { DataSource } from '@td/contracts';
import { Badge, Button, Card, formatIstDateTime, Switch } from '@td/ui';
import styled from 'styled-components';
import { SOURCE_STATUS_TONES } from './token-status-labels';

const Tags = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1.5)};
  margin: ${({ theme }) => theme.space(3)} 0;
  padding: 0;
  list-style: none;
`;
const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.fontSize.sm};
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;
const Description = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
  line-height: 1.5;
`;
const Problem = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.negative};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

const ApiLink = styled.a`
  color: ${({ theme }) => theme.colors.primary};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
`;

const statusWord = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** The latency the last check measured; the simulator runs in-process (spec default text: under 100ms). */
function latencyText(source: DataSource): string {
  if (source.latency !== null) return `${source.latency} ms`;
  return source.id === 'simulator' ? 'under 100ms (in-process)' : 'Not measured yet';
}

export interface DataSourceCardProps {
  source: DataSource;
  refreshing: boolean;
  toggling: boolean;
  onRefresh: () => void;
  onToggle: (enabled: boolean) => void;
  onEdit: () => void;
}

/** spec part 2 §2.1 "Grid of source cards". */
export function DataSourceCard({
  source,
  refreshing,
  toggling,
  onRefresh,
  onToggle,
  onEdit,
}: DataSourceCardProps) {
  return (
    <Card
      title={source.name}
      action={
        <Badge tone={SOURCE_STATUS_TONES[source.status]} dot>
          {statusWord(source.status)}
        </Badge>
      }
    >
      <Description>{source.description || source.type}</Description>
      <Tags aria-label={`${source.name} tags`}>
        <li>
          <Badge tone="info">{source.type}</Badge>
        </li>
        {source.api_key_required && (
          <li>
            <Badge tone="warning">API Key Required</Badge>
          </li>
        )}
        <li>
          <Badge tone="neutral">{source.custom ? 'Custom' : 'Built-in'}</Badge>
        </li>
      </Tags>
      <Facts>
        <dt>Endpoint</dt>
        <dd>{source.endpoint}</dd>
        {source.api_key_masked && (
          <>
            <dt>API key</dt>
            <dd>{source.api_key_masked}</dd>
          </>
        )}
        <dt>Last Updated</dt>
        <dd>{source.last_updated ? formatIstDateTime(source.last_updated) : 'Never'}</dd>
        <dt>Latency</dt>
        <dd>{latencyText(source)}</dd>
      </Facts>
      {source.message && source.status !== 'connected' && <Problem role="status">{source.message}</Problem>}
      <Actions>
        <Button
          size="sm"
          variant="secondary"
          onClick={onRefresh}
          loading={refreshing}
          disabled={!source.enabled}
        >
          Refresh
        </Button>
        {source.external_url && (
          <ApiLink href={source.external_url} target="_blank" rel="noopener noreferrer">
            View API
          </ApiLink>
        )}
        {source.custom ? (
          <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Edit ${source.name}`}>
            Edit
          </Button>
        ) : (
          <Switch
            checked={source.enabled}
            onChange={onToggle}
            disabled={toggling}
            label={`${source.name} enabled`}
            hideLabel
          />
        )}
      </Actions>
    </Card>
  );
}

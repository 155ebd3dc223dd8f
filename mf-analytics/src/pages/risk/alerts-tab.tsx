import { errorMessage, useAcknowledgeRiskAlert } from '@td/api-client';
import type { RiskAlert } from '@td/contracts';
import { Badge, Button, Card, EmptyState, formatIstDateTime, type Tone, toneColour } from '@td/ui';
import styled from 'styled-components';

const SEVERITY_TONE: Record<RiskAlert['severity'], Tone> = {
  high: 'negative',
  medium: 'warning',
  low: 'info',
};

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li<{ $tone: Tone }>`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ $tone }) => toneColour($tone)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.fontSize.sm};
  p {
    margin: 0;
  }
`;

const Text = styled.div`
  flex: 1 1 280px;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1.5)};
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Tags = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.negative};
`;

/** An alert still waiting for the trader: open and not acknowledged. A resolved one needs nothing. */
export const awaitsAcknowledgement = (alert: RiskAlert) => !alert.acknowledged_at && !alert.resolved_at;

/** How many alerts await the trader: the Alerts tab's count and its card title. */
export const countAwaitingAcknowledgement = (alerts: readonly RiskAlert[] | undefined) =>
  alerts?.filter(awaitsAcknowledgement).length ?? 0;

function AlertItem({ alert }: { alert: RiskAlert }) {
  const acknowledge = useAcknowledgeRiskAlert();
  const tone = SEVERITY_TONE[alert.severity];
  return (
    <Item $tone={tone} aria-label={`${alert.severity} alert: ${alert.message}`}>
      <Text>
        <Tags>
          <Badge tone={tone}>{alert.severity}</Badge>
          {alert.action_required && !alert.resolved_at && <Badge tone="negative">Action required</Badge>}
          {alert.resolved_at && <Badge tone="positive">Resolved</Badge>}
          <small>{formatIstDateTime(alert.timestamp)} IST</small>
        </Tags>
        <p>{alert.message}</p>
        <small>Suggested action: {alert.suggested_action}</small>
        {acknowledge.isError && (
          <Problem role="alert">
            {errorMessage(acknowledge.error, 'Failed to acknowledge the alert.')}
          </Problem>
        )}
      </Text>
      {alert.acknowledged_at ? (
        <small>Acknowledged {formatIstDateTime(alert.acknowledged_at)} IST</small>
      ) : alert.resolved_at ? (
        <small>Resolved {formatIstDateTime(alert.resolved_at)} IST</small>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          loading={acknowledge.isPending}
          onClick={() => acknowledge.mutate(alert.id)}
        >
          Acknowledge
        </Button>
      )}
    </Item>
  );
}

export interface AlertsTabProps {
  alerts: RiskAlert[] | undefined;
  loading: boolean;
}

/** spec part 1 §2 "Alerts": severity-coded, with message, time, action required and suggested action. */
export function AlertsTab({ alerts, loading }: AlertsTabProps) {
  if (!alerts || alerts.length === 0) {
    const title = loading ? 'Loading risk alerts…' : alerts ? 'No risk alerts' : 'Risk alerts unavailable';
    return (
      <Card title="Risk alerts">
        <EmptyState
          title={title}
          message={
            alerts ? 'Alerts appear here when a limit, the feed or a circuit breaker needs you.' : undefined
          }
        />
      </Card>
    );
  }
  return (
    <Card title={`Risk alerts (${countAwaitingAcknowledgement(alerts)} unacknowledged)`}>
      <List aria-label="Risk alerts">
        {alerts.map((alert) => (
          <AlertItem key={alert.id} alert={alert} />
        ))}
      </List>
    </Card>
  );
}

import { errorMessage, useOrderAuditExport } from '@td/api-client';
import { auditOrdersQuerySchema } from '@td/contracts';
import { usePlatform } from '@td/platform';
import { Button, Card, istFileDate, saveFile } from '@td/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { DateField } from './filter-controls';

const Caption = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  & > div {
    flex: 1 1 150px;
    max-width: 200px;
  }
`;

const Problem = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  color: ${({ theme }) => theme.colors.negative};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

/** The first sentence the shared schema gives for a bad range, capitalised for the screen. */
function rangeProblem(from: string, to: string): string | null {
  const parsed = auditOrdersQuerySchema.safeParse({ from, to });
  if (parsed.success) return null;
  const message = parsed.error.issues[0]?.message ?? 'Choose a from and a to date.';
  return `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;
}

/**
 * The order audit trail's export: every order decision (the loop's with its signal, manual orders
 * with who placed them, refusals by a halt, a breaker or a risk limit) over IST days, as CSV.
 */
export function AuditExport({ now = () => new Date() }: { now?: () => Date }) {
  const { notify } = usePlatform();
  const exporter = useOrderAuditExport();
  const today = istFileDate(now());
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [problem, setProblem] = useState<string | null>(null);

  const exportAudit = () => {
    const refused = rangeProblem(from, to);
    setProblem(refused);
    if (refused) return;
    exporter.mutate(
      { from, to },
      {
        onSuccess: (blob) => {
          const filename = `order-audit-${from}-to-${to}.csv`;
          saveFile(blob, filename);
          notify('success', `Audit trail saved as ${filename}`);
        },
        onError: (error) =>
          notify(
            'error',
            `Export failed: ${errorMessage(error, 'Trading service is currently unavailable.')}`,
          ),
      },
    );
  };

  return (
    <Card title="Audit trail">
      <Caption>
        Every order decision, kept for five years: who or what decided (the loop with its signal, a trader,
        the Emergency Stop, a circuit breaker or a risk limit), the order and its outcome.
      </Caption>
      <Row>
        <DateField label="From" value={from} onChange={setFrom} invalid={problem !== null} />
        <DateField label="To" value={to} onChange={setTo} invalid={problem !== null} />
        <Button variant="secondary" onClick={exportAudit} loading={exporter.isPending}>
          Export audit trail
        </Button>
      </Row>
      {problem && <Problem role="alert">{problem}</Problem>}
    </Card>
  );
}

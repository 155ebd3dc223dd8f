import { Badge, healthTone } from '@td/ui';
import styled from 'styled-components';
import type { ServiceCheck } from './service-checks';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: 130px 1fr auto;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  ${({ theme }) => theme.media.phone} {
    grid-template-columns: 1fr auto;
  }
`;

const Name = styled.span`
  font-weight: 600;
`;

const Words = styled.span`
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
  ${({ theme }) => theme.media.phone} {
    grid-column: 1 / -1;
    grid-row: 2;
  }
  small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.xs};
    overflow-wrap: anywhere;
  }
`;

/** spec part 1 "System Diagnostics & Control": one row per service, its status word and message. */
export function ServiceList({ checks }: { checks: ServiceCheck[] }) {
  return (
    <List aria-label="Service status">
      {checks.map((check) => (
        <Row key={check.id} data-service={check.id}>
          <Name>{check.label}</Name>
          <Words>
            {check.message}
            {check.detail && <small>{check.detail}</small>}
          </Words>
          <Badge tone={healthTone(check.status)} dot>
            {check.status}
          </Badge>
        </Row>
      ))}
    </List>
  );
}

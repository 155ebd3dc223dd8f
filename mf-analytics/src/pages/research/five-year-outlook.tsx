import { Badge, Card } from '@td/ui';
import styled from 'styled-components';

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
  ul {
    margin: 0;
    padding-left: 1.2em;
    line-height: 1.6;
  }
`;

const Note = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

/** spec part 1 "Research & Analysis": the 5-year trend panel is fixed text, and says so. */
export function FiveYearOutlook() {
  return (
    <Card title="5-Year Trend Analysis" action={<Badge tone="info">Editorial</Badge>}>
      <Columns>
        <section aria-label="Emerging opportunities">
          <h3>Emerging opportunities</h3>
          <ul>
            <li>Digital payments and financial inclusion</li>
            <li>Renewable energy and grid infrastructure</li>
            <li>Domestic manufacturing and electronics</li>
            <li>Healthcare and diagnostics</li>
          </ul>
        </section>
        <section aria-label="Risk areas">
          <h3>Risk areas</h3>
          <ul>
            <li>Global rate cycles and foreign fund flows</li>
            <li>Commodity and crude oil price swings</li>
            <li>Stretched valuations in crowded themes</li>
            <li>Regulatory change in financial services</li>
          </ul>
        </section>
      </Columns>
      <Note>
        Editorial view, written by hand and not computed from data; it changes only when we edit it.
      </Note>
    </Card>
  );
}

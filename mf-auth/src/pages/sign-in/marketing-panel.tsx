import styled from 'styled-components';
import { PRODUCT_NAME } from './sign-in-messages';

const Panel = styled.aside`
  display: none;
  ${({ theme }) => theme.media.desktopUp} {
    position: relative;
    display: flex;
    flex-direction: column;
    justify-content: space-between;
    padding: ${({ theme }) => `${theme.space(12)} ${theme.space(14)}`};
    overflow: hidden;
    background:
      radial-gradient(circle at 15% 20%, rgba(59, 130, 246, 0.28), transparent 45%),
      radial-gradient(circle at 85% 85%, rgba(34, 197, 94, 0.16), transparent 40%),
      linear-gradient(160deg, #0f1b33 0%, #0b1220 70%);
    border-right: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: 700;
`;

export const BrandMark = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.primary}, ${({ theme }) => theme.colors.positive});
  color: #fff;
  font-size: 18px;
  font-weight: 800;
`;

const Pitch = styled.div`
  max-width: 520px;
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(4)};
    font-size: 2.5rem;
    line-height: 1.15;
    letter-spacing: -0.02em;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 1.0625rem;
    line-height: 1.6;
  }
`;

const Points = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: ${({ theme }) => theme.space(8)} 0 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    gap: ${({ theme }) => theme.space(3)};
    color: ${({ theme }) => theme.colors.text};
  }
  li::before {
    content: '✓';
    color: ${({ theme }) => theme.colors.positive};
    font-weight: 700;
  }
`;

const Markets = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.fontSize.xs};
  letter-spacing: 0.08em;
`;

/** spec part 1 §1: on wide screens (1024 px and up) the product name and a tagline; hidden on phones. */
export function MarketingPanel() {
  return (
    <Panel aria-label={`About ${PRODUCT_NAME}`}>
      <Brand>
        <BrandMark aria-hidden="true">₹</BrandMark>
        {PRODUCT_NAME}
      </Brand>
      <Pitch>
        <h2>Intelligent automation for NSE &amp; BSE trading</h2>
        <p>
          AI research signals, ML-driven daily allocation and live risk controls work through the session,
          from paper trading to real orders, while you watch and stay in charge.
        </p>
        <Points>
          <li>Signals and sentiment across NIFTY 50, SENSEX and Bank NIFTY</li>
          <li>Daily allocation within the risk budget you set</li>
          <li>Paper mode first; real money only when you switch it on</li>
        </Points>
      </Pitch>
      <Markets>NSE · BSE · INR · IST</Markets>
    </Panel>
  );
}

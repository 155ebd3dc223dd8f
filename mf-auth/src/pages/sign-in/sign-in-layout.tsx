import styled from 'styled-components';

// The frame of the sign-in screen: marketing panel beside a centred card on wide screens, the card alone on phones.

export const Screen = styled.div`
  display: grid;
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.font.body};
  ${({ theme }) => theme.media.desktopUp} {
    grid-template-columns: minmax(0, 1.15fr) minmax(460px, 1fr);
  }
`;

export const FormColumn = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(6)};
  padding: ${({ theme }) => `${theme.space(10)} ${theme.space(6)}`};
  ${({ theme }) => theme.media.phone} {
    justify-content: flex-start;
    padding: ${({ theme }) => `${theme.space(8)} ${theme.space(4)}`};
  }
`;

export const FormCard = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(5)};
  width: 100%;
  max-width: 440px;
  padding: ${({ theme }) => theme.space(8)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.overlay};
  ${({ theme }) => theme.media.phone} {
    padding: ${({ theme }) => `${theme.space(6)} ${theme.space(5)}`};
  }
`;

export const CardHeader = styled.div`
  h1 {
    margin: 0 0 ${({ theme }) => theme.space(1.5)};
    font-size: 1.5rem;
    letter-spacing: -0.01em;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
    line-height: 1.5;
  }
`;

/** The product name above the card where the marketing panel is hidden. */
export const CompactBrand = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-weight: 700;
  ${({ theme }) => theme.media.desktopUp} {
    display: none;
  }
`;

export const FinePrint = styled.p`
  margin: 0;
  max-width: 440px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
  text-align: center;
`;

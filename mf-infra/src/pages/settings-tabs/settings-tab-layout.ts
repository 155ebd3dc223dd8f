import styled from 'styled-components';

/** The frame of a settings tab (Data Sources, Connectivity): a column of cards in the body font. */
export const SettingsTabPage = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.font.body};
`;

/** A broker's facts (status, token, expiry): muted labels beside values that wrap. */
export const BrokerFacts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.fontSize.sm};
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

/** Buttons side by side, wrapping on a phone. */
export const ButtonRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

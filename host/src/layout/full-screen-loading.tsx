import styled from 'styled-components';

const Screen = styled.div`
  position: fixed;
  inset: 0;
  display: grid;
  place-items: center;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.textMuted};
  font-family: ${({ theme }) => theme.font.body};
  font-size: 18px;
`;

export function FullScreenLoading() {
  return (
    <Screen role="status" aria-live="polite">
      Loading...
    </Screen>
  );
}

import styled from 'styled-components';

/**
 * Where a shell-wide banner (TRADING HALTED, LIVE TRADING ACTIVE) sits: inset by the same side padding as
 * the screen's Page below it, so the banner lines up with the content column instead of running edge to edge.
 */
export const ShellBannerSlot = styled.div`
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(6)} 0`};
  ${({ theme }) => theme.media.phone} {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)} 0`};
  }
`;

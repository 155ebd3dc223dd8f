import styled from 'styled-components';

/** Shown from tablet width up: the wide table a phone replaces with a PhoneList. */
export const WideOnly = styled.div`
  ${({ theme }) => theme.media.phone} {
    display: none;
  }
`;

/**
 * On phones only: one item per row in two columns (`.right` aligns a cell right, `small` is muted),
 * so a table's figures show without scrolling sideways.
 */
export const PhoneList = styled.ul`
  display: none;
  margin: 0;
  padding: 0;
  list-style: none;
  ${({ theme }) => theme.media.phone} {
    display: block;
  }
  li {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
    padding: ${({ theme }) => theme.space(3)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    font-variant-numeric: tabular-nums;
  }
  li:last-child {
    border-bottom: 0;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .right {
    text-align: right;
  }
`;

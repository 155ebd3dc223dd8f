import styled from 'styled-components';

/** Label / value pairs in two columns (a `<dl>` of `<dt>` and `<dd>`): muted labels, numbers aligned right. */
export const FactList = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

import styled from 'styled-components';

/**
 * Rows of a card separated by hairlines (index quotes, recent trades): each `<li>` spreads its parts
 * across the row and wraps them on a narrow screen.
 */
export const DividedList = styled.ul`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;
  > li {
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(2.5)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  > li:first-child {
    padding-top: 0;
  }
  > li:last-child {
    border-bottom: 0;
    padding-bottom: 0;
  }
`;

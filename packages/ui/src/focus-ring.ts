import { css } from 'styled-components';

/** The one keyboard focus ring: visible for keyboard users, not on mouse clicks. */
export const focusRing = css`
  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: none;
    box-shadow: ${({ theme }) => theme.focusRing};
  }
`;

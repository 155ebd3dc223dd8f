import styled, { css } from 'styled-components';

/** The one look of a form control: border, surface, focus glow, red when invalid, faded when disabled. */
const formControl = css`
  box-sizing: border-box;
  width: 100%;
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  font-family: inherit;
  font-size: ${({ theme }) => theme.fontSize.md};
  transition: border-color 0.15s ease, box-shadow 0.15s ease;
  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
    opacity: 0.7;
  }
  &:focus {
    outline: none;
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: 0 0 0 3px ${({ theme }) => `${theme.colors.primary}40`};
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.negative};
  }
  &:disabled {
    opacity: 0.6;
  }
`;

/** A text, email, password or number input in the kit's style. */
export const TextInput = styled.input`
  ${formControl}
`;

/** A native select in the kit's style. */
export const SelectInput = styled.select`
  ${formControl}
  cursor: pointer;
`;

import { TextInput } from '@td/ui';
import styled from 'styled-components';

// The styled pieces the three sign-in forms share, so they look like one screen.

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1.5)};
`;

export const Label = styled.label`
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
`;

export const Input = styled(TextInput)`
  min-height: 44px;
`;

/** A button that reads as a link: it changes the form's mode, not the URL. */
export const LinkButton = styled.button`
  align-self: center;
  padding: ${({ theme }) => theme.space(1)};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: none;
  color: ${({ theme }) => theme.colors.info};
  font-size: ${({ theme }) => theme.fontSize.sm};
  cursor: pointer;
  &:hover {
    text-decoration: underline;
  }
  &:focus-visible {
    outline: none;
    box-shadow: ${({ theme }) => theme.focusRing};
  }
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

/** Why the submit button is not available yet, read out with it through aria-describedby. */
export const Hint = styled.p`
  margin: 0;
  min-height: 1.25em;
  color: ${({ theme }) => theme.colors.warning};
  font-size: ${({ theme }) => theme.fontSize.sm};
  text-align: center;
`;

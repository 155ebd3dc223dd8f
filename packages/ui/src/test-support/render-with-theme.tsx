import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme';

/** Renders a UI-kit piece inside the product theme, with a user-event session ready to drive it. */
export function renderWithTheme(ui: ReactElement) {
  const user = userEvent.setup();
  return { user, ...render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>) };
}

import { theme } from '@td/ui';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { TickRateSparkline } from './tick-rate-sparkline';

const renderWithTheme = (ui: ReactElement) => render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);
const at = (seconds: number) => Date.parse('2026-01-05T04:00:00Z') + seconds * 1000;

describe('TickRateSparkline', () => {
  it('draws each poll’s ticks per second, naming the span and the values', () => {
    renderWithTheme(
      <TickRateSparkline
        points={[
          { at: at(0), perSecond: 18 },
          { at: at(60), perSecond: 20 },
          { at: at(120), perSecond: 22 },
        ]}
      />,
    );
    expect(
      screen.getByRole('img', { name: 'Ticks per second over the last 2 min: 18, 20, 22' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Ticks per second, last 2 min (peak 22, now 22).')).toBeInTheDocument();
  });

  it('says the trend fills in until a second poll arrives', () => {
    renderWithTheme(<TickRateSparkline points={[{ at: at(0), perSecond: 18 }]} />);
    expect(
      screen.getByText('18 ticks/s now; the trend fills in with each 10 s refresh.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

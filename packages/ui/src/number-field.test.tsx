import { screen } from '@testing-library/react';
import { useState } from 'react';
import { NumberField } from './number-field';
import { renderWithTheme } from './test-support/render-with-theme';

function ExposureField({ error, onChange }: { error?: string; onChange?: (value: string) => void }) {
  const [value, setValue] = useState('0.8');
  return (
    <NumberField
      label="Max Portfolio Exposure"
      hint="A fraction from 0 to 1"
      value={value}
      min={0}
      max={1}
      step={0.1}
      error={error}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

describe('NumberField', () => {
  it('is a number input named by its label, with its range and step', () => {
    renderWithTheme(<ExposureField />);
    const input = screen.getByRole('spinbutton', { name: 'Max Portfolio Exposure' });
    expect(input).toHaveValue(0.8);
    expect(input).toHaveAttribute('min', '0');
    expect(input).toHaveAttribute('max', '1');
    expect(input).toHaveAttribute('step', '0.1');
    expect(input).toHaveAccessibleDescription('A fraction from 0 to 1');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('hands back the text as typed, an empty field included', async () => {
    const onChange = jest.fn();
    const { user } = renderWithTheme(<ExposureField onChange={onChange} />);
    const input = screen.getByRole('spinbutton', { name: 'Max Portfolio Exposure' });
    await user.clear(input);
    expect(onChange).toHaveBeenLastCalledWith('');
    await user.type(input, '0.5');
    expect(onChange).toHaveBeenLastCalledWith('0.5');
    expect(input).toHaveValue(0.5);
  });

  it('shows its error under the input, marks the input invalid and reads the error with it', () => {
    renderWithTheme(<ExposureField error="max_portfolio_exposure is a fraction from 0 to 1" />);
    const input = screen.getByRole('spinbutton', { name: 'Max Portfolio Exposure' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'A fraction from 0 to 1 max_portfolio_exposure is a fraction from 0 to 1',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('max_portfolio_exposure is a fraction from 0 to 1');
  });

  it('keeps a hidden label as the accessible name', () => {
    renderWithTheme(<NumberField label="New cash balance" hideLabel value="" onChange={() => undefined} />);
    expect(screen.getByRole('spinbutton', { name: 'New cash balance' })).toHaveValue(null);
  });
});

import { screen } from '@testing-library/react';
import { useState } from 'react';
import { Switch } from './switch';
import { renderWithTheme } from './test-support/render-with-theme';

function TradingModeSwitch({
  disabled = false,
  onChange,
}: {
  disabled?: boolean;
  onChange?: (on: boolean) => void;
}) {
  const [real, setReal] = useState(false);
  return (
    <Switch
      label="Real trading"
      checked={real}
      disabled={disabled}
      onChange={(next) => {
        setReal(next);
        onChange?.(next);
      }}
    />
  );
}

describe('Switch', () => {
  it('is a switch named by its label that reports its state with aria-checked', async () => {
    const { user } = renderWithTheme(<TradingModeSwitch />);
    const control = screen.getByRole('switch', { name: 'Real trading' });
    expect(control).toHaveAttribute('aria-checked', 'false');
    await user.click(control);
    expect(control).toHaveAttribute('aria-checked', 'true');
  });

  it('toggles from the keyboard with Space and Enter', async () => {
    const { user } = renderWithTheme(<TradingModeSwitch />);
    await user.tab();
    const control = screen.getByRole('switch', { name: 'Real trading' });
    expect(control).toHaveFocus();
    await user.keyboard(' ');
    expect(control).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{Enter}');
    expect(control).toHaveAttribute('aria-checked', 'false');
  });

  it('ignores clicks while disabled', async () => {
    const onChange = jest.fn();
    const { user } = renderWithTheme(<TradingModeSwitch disabled onChange={onChange} />);
    const control = screen.getByRole('switch', { name: 'Real trading' });
    expect(control).toBeDisabled();
    await user.click(control);
    expect(onChange).not.toHaveBeenCalled();
    expect(control).toHaveAttribute('aria-checked', 'false');
  });

  it('keeps a hidden label as the accessible name', () => {
    renderWithTheme(<Switch label="Paper or real" hideLabel checked onChange={() => undefined} />);
    expect(screen.getByRole('switch', { name: 'Paper or real' })).toHaveAttribute('aria-checked', 'true');
  });
});

import { screen } from '@testing-library/react';
import { Button } from './button';
import { ErrorPanel } from './error-panel';
import { renderWithTheme } from './test-support/render-with-theme';

describe('Button', () => {
  it('is disabled and busy while loading, so a second click cannot fire', async () => {
    const onClick = jest.fn();
    const { user } = renderWithTheme(
      <Button loading onClick={onClick}>
        Save Settings
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save Settings' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('does not submit a surrounding form unless asked to', () => {
    renderWithTheme(<Button>Refresh</Button>);
    expect(screen.getByRole('button', { name: 'Refresh' })).toHaveAttribute('type', 'button');
  });
});

describe('ErrorPanel', () => {
  it('announces the failure and calls onRetry from its Retry button', async () => {
    const onRetry = jest.fn();
    const { user } = renderWithTheme(
      <ErrorPanel
        title="Error loading portfolio data"
        message="Failed to fetch portfolio data"
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Error loading portfolio data');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

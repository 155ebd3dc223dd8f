import { act, screen } from '@testing-library/react';
import { renderWithTheme } from './test-support/render-with-theme';
import { createToastStore } from './toast-store';
import { Toaster } from './toaster';

describe('Toaster', () => {
  it('announces toasts in a polite live region and removes one when dismissed', async () => {
    const store = createToastStore();
    const { user } = renderWithTheme(<Toaster store={store} />);
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toHaveAttribute('aria-live', 'polite');

    act(() => {
      store.add('loading', 'Connecting to broker');
    });
    expect(region).toHaveTextContent('Connecting to broker');

    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(region).not.toHaveTextContent('Connecting to broker');
  });
});

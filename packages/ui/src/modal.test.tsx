import { screen } from '@testing-library/react';
import { useState } from 'react';
import { Button } from './button';
import { Modal } from './modal';
import { renderWithTheme } from './test-support/render-with-theme';

function DiagnosticsLauncher({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Fix Connection</Button>
      <Modal
        open={open}
        title="System Diagnostics & Control"
        onClose={() => {
          setOpen(false);
          onClose?.();
        }}
        footer={<Button variant="secondary">Clear</Button>}
      >
        <Button>Restart backend</Button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('opens as a modal dialog named by its title and focuses its first control', async () => {
    const { user } = renderWithTheme(<DiagnosticsLauncher />);
    await user.click(screen.getByRole('button', { name: 'Fix Connection' }));
    const dialog = screen.getByRole('dialog', { name: 'System Diagnostics & Control' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Restart backend' })).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const onClose = jest.fn();
    const { user } = renderWithTheme(<DiagnosticsLauncher onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Fix Connection' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(opener).toHaveFocus();
  });

  it('closes on a backdrop click but not on a click inside the dialog', async () => {
    const { user } = renderWithTheme(<DiagnosticsLauncher />);
    await user.click(screen.getByRole('button', { name: 'Fix Connection' }));
    await user.click(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes from its Close button', async () => {
    const { user } = renderWithTheme(<DiagnosticsLauncher />);
    await user.click(screen.getByRole('button', { name: 'Fix Connection' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside the dialog', async () => {
    const { user } = renderWithTheme(<DiagnosticsLauncher />);
    await user.click(screen.getByRole('button', { name: 'Fix Connection' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Clear' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Clear' })).toHaveFocus();
  });
});

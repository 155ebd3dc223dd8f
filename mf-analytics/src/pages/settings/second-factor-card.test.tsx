import { type Responder, renderRemote, reply } from '@td/platform/test-support';
import { act, cleanup, screen } from '@testing-library/react';
import { SecondFactorCard } from './second-factor-card';

const OFF = reply(200, { success: true, enabled: false, recovery_codes_left: 0 });
const ON = reply(200, { success: true, enabled: true, recovery_codes_left: 10 });
const CODES = ['abcde-fghjk', 'mnpqr-stuvw', 'xyz23-45678', 'aaaaa-bbbbb', 'ccccc-ddddd'];
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

function renderCard(replies: Record<string, Responder>) {
  return renderRemote(<SecondFactorCard />, {
    url: '/settings',
    ownPaths: ['/settings'],
    remote: 'analytics',
    signedIn: true,
    replies,
  });
}

describe('Settings → Profile: two-step sign-in', () => {
  afterEach(async () => {
    await act(async () => {
      cleanup();
      for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
    });
  });

  it('enrols: shows the QR code and the key, turns on with a code and shows the recovery codes once', async () => {
    let enabled = false;
    const view = renderCard({
      'GET /api/auth/second-factor': () => (enabled ? ON : OFF),
      'POST /api/auth/second-factor/enrol': reply(200, {
        success: true,
        otpauth_uri: 'otpauth://totp/Trading%20Dashboard:trader?secret=JBSWY3DPEHPK3PXP',
        qr_svg: SVG,
        secret: 'JBSWY3DPEHPK3PXP',
      }),
      'POST /api/auth/second-factor/confirm': () => {
        enabled = true;
        return reply(200, { success: true, message: 'Two-step sign-in is on.', recovery_codes: CODES });
      },
    });
    expect(await screen.findByText(/Live trading needs it on/)).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Set up two-step sign-in' }));
    expect(await screen.findByRole('img', { name: 'QR code to scan' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await view.user.type(screen.getByLabelText('Authenticator code'), '123456');
    await view.user.click(screen.getByRole('button', { name: 'Turn on' }));
    const codes = await screen.findByRole('status', { name: 'Recovery codes' });
    for (const code of CODES) expect(codes).toHaveTextContent(code);
    expect(view.requests.find((r) => r.path === '/api/auth/second-factor/confirm')?.body).toEqual({
      code: '123456',
    });
    // The key is gone once it is on; the codes go when the trader says they are saved.
    expect(await screen.findByText(/10 of 10 recovery codes left/)).toBeInTheDocument();
    expect(screen.queryByText('JBSWY3DPEHPK3PXP')).not.toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByRole('status', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it("switches off with a code, and shows the server's refusal of a wrong one", async () => {
    let attempts = 0;
    const view = renderCard({
      'GET /api/auth/second-factor': () => (attempts < 2 ? ON : OFF),
      'POST /api/auth/second-factor/disable': () => {
        attempts += 1;
        return attempts === 1
          ? reply(403, {
              success: false,
              error: 'That code is not correct or was already used.',
              code: 'wrong_code',
            })
          : reply(200, { success: true, message: 'Two-step sign-in is off.' });
      },
    });
    await view.user.type(await screen.findByLabelText('Authenticator code'), '000000');
    await view.user.click(screen.getByRole('button', { name: 'Switch off' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not correct or was already used.',
    );
    await view.user.clear(screen.getByLabelText('Authenticator code'));
    await view.user.type(screen.getByLabelText('Authenticator code'), '654321');
    await view.user.click(screen.getByRole('button', { name: 'Switch off' }));
    expect(await screen.findByRole('button', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
  });
});

import { NETWORK_DOWN, type RenderRemoteOptions, renderRemote, reply } from '@td/platform/test-support';
import { act, screen } from '@testing-library/react';
import { App } from '../../app';
import { failure, OWNER_EMAIL, STRONG_PASSWORD, signedInReply } from './sign-in-test-data';

const SET_PASSWORD = 'POST /api/auth/set-password';

function renderSetupLink(options: RenderRemoteOptions = {}) {
  const view = renderRemote(<App />, { url: '/login?setup_token=link-token', ...options });
  const setPasswordButton = () => screen.getByRole('button', { name: 'Set Password' });
  const fill = async (password: string, confirm: string) => {
    if (password) await view.user.type(screen.getByLabelText('New password'), password);
    if (confirm) await view.user.type(screen.getByLabelText('Confirm password'), confirm);
  };
  return { ...view, setPasswordButton, fill };
}

describe('sign-in: setup mode from an emailed link', () => {
  it('opens in setup mode and strips the token from the address', () => {
    const { navigate, props } = renderSetupLink({ url: '/login?setup_token=link-token&utm=mail#top' });
    expect(screen.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toBeInTheDocument();
    expect(navigate).toHaveBeenCalledWith('/login?utm=mail#top', { replace: true });
    expect(props().location.search).toBe('?utm=mail');
    expect(screen.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeInTheDocument();
  });

  it('sends the link’s token with the new password', async () => {
    const { fill, user, setPasswordButton, requests } = renderSetupLink({
      replies: { [SET_PASSWORD]: reply(500, null) },
    });
    await fill(STRONG_PASSWORD, STRONG_PASSWORD);
    await user.click(setPasswordButton());
    await screen.findByRole('alert');
    expect(requests[0]).toMatchObject({
      path: '/api/auth/set-password',
      body: { temp_token: 'link-token', new_password: STRONG_PASSWORD },
    });
  });
});

describe('sign-in: setup mode rules', () => {
  it('keeps Set Password disabled until both fields hold the same Strong password, saying why', async () => {
    const { fill, user, setPasswordButton } = renderSetupLink();
    expect(setPasswordButton()).toBeDisabled();

    await fill(STRONG_PASSWORD, '');
    expect(setPasswordButton()).toBeDisabled();
    expect(screen.getByText('Please enter and confirm your new password')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Confirm password'), 'Str0ng!Passw0rX');
    expect(setPasswordButton()).toBeDisabled();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), STRONG_PASSWORD);
    expect(setPasswordButton()).toBeEnabled();
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
  });

  it('keeps Set Password disabled for a matching password that is not Strong', async () => {
    const { fill, setPasswordButton } = renderSetupLink();
    await fill('abcdefghijklmno', 'abcdefghijklmno');
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuetext', 'Good, 50 of 100');
    expect(setPasswordButton()).toBeDisabled();
  });

  it('refuses a Strong password shorter than 12 characters on submit, without calling the server', async () => {
    const { fill, user, setPasswordButton, requests } = renderSetupLink();
    await fill('aA1!aA1!', 'aA1!aA1!');
    expect(setPasswordButton()).toBeEnabled();
    await user.click(setPasswordButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 12 characters long');
    expect(requests).toHaveLength(0);
  });

  it('generates one strong password into both fields and shows it', async () => {
    const random = jest.spyOn(globalThis.crypto, 'getRandomValues');
    const { user, setPasswordButton } = renderSetupLink();
    await user.click(screen.getByRole('button', { name: 'Generate strong password' }));
    const password = screen.getByLabelText('New password') as HTMLInputElement;
    expect(password.value).toHaveLength(16);
    expect(screen.getByLabelText('Confirm password')).toHaveValue(password.value);
    expect(password).toHaveAttribute('type', 'text');
    expect(random).toHaveBeenCalled();
    expect(setPasswordButton()).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Hide new password' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'password');
    random.mockRestore();
  });

  it.each([
    [
      'the server sentence',
      reply(400, failure('Password is too weak: use upper and lower case letters')),
      'Password is too weak: use upper and lower case letters',
    ],
    ['no sentence', reply(500, null), 'Failed to set new password'],
    ['a dropped connection', NETWORK_DOWN, 'Network error. Please try again.'],
  ])('shows the set-password failure with %s', async (_case, answer, message) => {
    const { fill, user, setPasswordButton } = renderSetupLink({ replies: { [SET_PASSWORD]: answer } });
    await fill(STRONG_PASSWORD, STRONG_PASSWORD);
    await user.click(setPasswordButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(setPasswordButton()).toBeEnabled();
  });

  it('offers a new link when the setup link has expired', async () => {
    const expired = reply(
      400,
      failure('This setup link has expired or was already used. Request a new one.', 'setup_link_invalid'),
    );
    const { fill, user, setPasswordButton } = renderSetupLink({ replies: { [SET_PASSWORD]: expired } });
    await fill(STRONG_PASSWORD, STRONG_PASSWORD);
    await user.click(setPasswordButton());
    await user.click(await screen.findByRole('button', { name: 'Request a new link' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
  });

  it('Back to Login drops the token and clears the form', async () => {
    const { fill, user } = renderSetupLink({
      replies: {
        'POST /api/auth/request-password-setup': reply(200, {
          success: true,
          message: 'sent',
          sent_to: 'email',
        }),
      },
    });
    await fill(STRONG_PASSWORD, 'half-typed');
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Need to reset your password?' }));
    await user.type(screen.getByLabelText('Email'), OWNER_EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send Setup Instructions' }));
    await screen.findByRole('status');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});

describe('sign-in: password set', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('says it is logging in, then signs in and goes to /dashboard after 1.5 s', async () => {
    const { fill, user, setPasswordButton, signIn, navigate } = renderSetupLink({
      fakeTimers: true,
      replies: { [SET_PASSWORD]: reply(200, signedInReply('Password set successfully! Logging you in...')) },
    });
    await fill(STRONG_PASSWORD, STRONG_PASSWORD);
    await user.click(setPasswordButton());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Password set successfully! Logging you in...',
    );
    expect(setPasswordButton()).toBeDisabled();

    act(() => jest.advanceTimersByTime(1000));
    expect(signIn).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(500));
    expect(signIn).toHaveBeenCalledWith('session-abc', { email: OWNER_EMAIL, name: 'Asha' });
    expect(navigate).toHaveBeenLastCalledWith('/dashboard', { replace: true });
  });
});

import {
  NETWORK_DOWN,
  NO_ANSWER,
  type RenderRemoteOptions,
  renderRemote,
  reply,
} from '@td/platform/test-support';
import { act, screen } from '@testing-library/react';
import { App } from '../../app';
import { failure, OWNER_EMAIL, STRONG_PASSWORD, signedInReply, WEAK_PASSWORD } from './sign-in-test-data';

const LOGIN = 'POST /api/auth/login';

function renderSignIn(options: RenderRemoteOptions = {}) {
  const view = renderRemote(<App />, { url: '/login', ...options });
  const signInButton = () => screen.getByRole('button', { name: 'Sign In' });
  const fill = async (email: string, password: string) => {
    if (email) await view.user.type(screen.getByLabelText('Email'), email);
    if (password) await view.user.type(screen.getByLabelText('Password'), password);
  };
  return { ...view, signInButton, fill };
}

describe('sign-in: login mode', () => {
  it('opens in login mode with email, password, strength meter and the reset link', () => {
    renderSignIn();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('button', { name: 'Need to reset your password?' })).toBeInTheDocument();
  });

  it('names the product with a tagline about intelligent automation for NSE/BSE beside the form', () => {
    renderSignIn();
    // The panel shows from 1024 px up; jsdom matches no media query, so it is hidden here as on a phone.
    const panel = screen.getByRole('complementary', { hidden: true });
    expect(panel).toHaveAttribute('aria-label', 'About Trading Dashboard');
    expect(panel).toHaveTextContent('Trading Dashboard');
    expect(panel).toHaveTextContent('Intelligent automation for NSE & BSE trading');
  });

  it('keeps Sign In disabled until the email is well-formed and the password is Strong (75 or more)', async () => {
    const { fill, user, signInButton } = renderSignIn();
    expect(signInButton()).toBeDisabled();

    await fill('not-an-email', STRONG_PASSWORD);
    expect(signInButton()).toBeDisabled();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), OWNER_EMAIL);
    expect(signInButton()).toBeEnabled();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), WEAK_PASSWORD);
    expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
      'aria-valuetext',
      'Fair, 25 of 100',
    );
    expect(signInButton()).toBeDisabled();
    expect(screen.getByText('Password strength must reach Strong (75 of 100)')).toBeInTheDocument();
  });

  it('enables Sign In exactly at Strong: 50 (Good) is refused, 75 is accepted', async () => {
    const { fill, user, signInButton } = renderSignIn();
    await fill(OWNER_EMAIL, 'Abcdefghijk'); // upper and lower case, 11 characters: 25 + 25
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuetext', 'Good, 50 of 100');
    expect(signInButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'l'); // 12 characters: + 25
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuetext', 'Strong, 75 of 100');
    expect(signInButton()).toBeEnabled();
  });

  it('sends the email and password without a session token', async () => {
    const { fill, user, signInButton, requests } = renderSignIn({ replies: { [LOGIN]: NO_ANSWER } });
    await fill(`  ${OWNER_EMAIL} `, STRONG_PASSWORD);
    await user.click(signInButton());
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/login',
      body: { email: OWNER_EMAIL, password: STRONG_PASSWORD },
    });
    expect(requests[0]?.headers.Authorization).toBeUndefined();
    expect(signInButton()).toBeDisabled();
  });

  it.each([
    [
      '401 with the server sentence',
      reply(401, failure('Wrong password for this account')),
      'Wrong password for this account',
    ],
    [
      '401 with no sentence',
      reply(401, { success: false }),
      'Invalid credentials. Please check your password.',
    ],
    [
      '429',
      reply(429, failure('slow down', 'too_many_attempts')),
      'Too many login attempts. Please try again in 15 minutes.',
    ],
    [
      '403 setup required',
      reply(403, failure('x', 'setup_required', { setup_required: true })),
      'Password setup required. Please check your email for setup instructions.',
    ],
    [
      '403 for another reason',
      reply(403, failure('Account locked by the operator', 'locked')),
      'Account locked by the operator',
    ],
    [
      '500 with the server sentence',
      reply(500, failure('The server could not complete this request; it has been logged.')),
      'The server could not complete this request; it has been logged.',
    ],
    ['502 with no body', reply(502, null), 'Login failed. Please try again.'],
    ['a dropped connection', NETWORK_DOWN, 'Network error. Please check your connection and try again.'],
  ])('shows the right message after %s', async (_case, answer, message) => {
    const { fill, user, signInButton, signIn } = renderSignIn({ replies: { [LOGIN]: answer } });
    await fill(OWNER_EMAIL, STRONG_PASSWORD);
    await user.click(signInButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(signIn).not.toHaveBeenCalled();
    expect(signInButton()).toBeEnabled();
  });

  it('treats a timeout as a network error', async () => {
    const { fill, user, signInButton } = renderSignIn({ replies: { [LOGIN]: NO_ANSWER }, timeoutMs: 30 });
    await fill(OWNER_EMAIL, STRONG_PASSWORD);
    await user.click(signInButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your connection and try again.',
    );
  });

  it('offers to request password setup on first run, with the email carried over', async () => {
    const setupRequired = reply(403, failure('x', 'setup_required', { setup_required: true }));
    const { fill, user, signInButton } = renderSignIn({ replies: { [LOGIN]: setupRequired } });
    await fill(OWNER_EMAIL, STRONG_PASSWORD);
    await user.click(signInButton());
    await user.click(await screen.findByRole('button', { name: 'Request password setup' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(OWNER_EMAIL);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('fills a generated strong password, shows it, and can hide it again', async () => {
    const { user, signInButton } = renderSignIn();
    await user.type(screen.getByLabelText('Email'), OWNER_EMAIL);
    await user.click(screen.getByRole('button', { name: 'Generate strong password' }));
    const password = screen.getByLabelText('Password');
    expect((password as HTMLInputElement).value).toHaveLength(16);
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuetext', 'Strong, 100 of 100');
    expect(signInButton()).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
  });
});

describe('sign-in: successful login', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('welcomes by product name, says Redirecting..., then signs in and goes to /dashboard after 1.5 s', async () => {
    const { fill, user, signInButton, signIn, navigate } = renderSignIn({
      fakeTimers: true,
      replies: { [LOGIN]: reply(200, signedInReply()) },
    });
    await fill(OWNER_EMAIL, STRONG_PASSWORD);
    await user.click(signInButton());
    const status = await screen.findByText('Welcome to Trading Dashboard');
    expect(status.closest('[role="status"]')).toHaveTextContent('Redirecting...');
    expect(signInButton()).toBeDisabled();

    act(() => jest.advanceTimersByTime(1000));
    expect(signIn).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();

    act(() => jest.advanceTimersByTime(500));
    expect(signIn).toHaveBeenCalledWith('session-abc', { email: OWNER_EMAIL, name: 'Asha' });
    expect(navigate).toHaveBeenCalledWith('/dashboard', { replace: true });
    expect(signIn.mock.invocationCallOrder[0]).toBeLessThan(navigate.mock.invocationCallOrder[0]!);
  });

  it('falls back to its own welcome when the server sends an empty message', async () => {
    const { fill, user, signInButton } = renderSignIn({
      fakeTimers: true,
      replies: { [LOGIN]: reply(200, signedInReply('')) },
    });
    await fill(OWNER_EMAIL, STRONG_PASSWORD);
    await user.click(signInButton());
    expect(await screen.findByText('Welcome to Trading Dashboard')).toBeInTheDocument();
    expect(screen.getByText('Redirecting...')).toBeInTheDocument();
  });
});

describe('sign-in: the code step of two-step sign-in', () => {
  const codeNeeded = reply(200, {
    success: true,
    second_factor_required: true,
    message: 'Enter the 6-digit code from your authenticator app.',
    challenge: 'challenge-1',
    expires_at: '2026-01-05T04:05:00.000Z',
  });

  it('asks for the code after the password and signs in with it', async () => {
    const { fill, user, signInButton, requests } = renderSignIn({
      replies: { [LOGIN]: codeNeeded, 'POST /api/auth/login/code': reply(200, signedInReply()) },
    });
    await fill(OWNER_EMAIL, STRONG_PASSWORD);
    await user.click(signInButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Enter your code' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Welcome to Trading Dashboard')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/auth/login/code')?.body).toEqual({
      challenge: 'challenge-1',
      code: '123456',
    });
  });

  it("shows the server's sentence for a wrong or reused code and keeps the code step", async () => {
    const { fill, user, signInButton } = renderSignIn({
      replies: {
        [LOGIN]: codeNeeded,
        'POST /api/auth/login/code': reply(
          401,
          failure(
            'That code is not correct or was already used. Enter the current code from your authenticator app.',
            'wrong_code',
          ),
        ),
      },
    });
    await fill(OWNER_EMAIL, STRONG_PASSWORD);
    await user.click(signInButton());
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/^That code is not correct or was already used/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeInTheDocument();
  });
});

import { NETWORK_DOWN, type RenderRemoteOptions, renderRemote, reply } from '@td/platform/test-support';
import { act, screen } from '@testing-library/react';
import { App } from '../../app';
import { failure, OWNER_EMAIL } from './sign-in-test-data';

const REQUEST_SETUP = 'POST /api/auth/request-password-setup';

async function renderResetMode(options: RenderRemoteOptions = {}) {
  const view = renderRemote(<App />, { url: '/login', ...options });
  await view.user.click(screen.getByRole('button', { name: 'Need to reset your password?' }));
  const send = () => screen.getByRole('button', { name: 'Send Setup Instructions' });
  return { ...view, send };
}

describe('sign-in: reset mode', () => {
  it('switches from login via the reset link and back via Back to Login', async () => {
    const { user } = await renderResetMode();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });

  it('asks for the email when it is empty, without calling the server', async () => {
    const { user, send, requests } = await renderResetMode();
    await user.click(send());
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email address');
    expect(requests).toHaveLength(0);
  });

  it.each([
    [
      '403 for another address',
      reply(403, failure('Access restricted to authorized user only', 'not_authorised')),
      'Access restricted to authorized user only',
    ],
    ['403 with no sentence', reply(403, { success: false }), 'Access restricted to authorized user only'],
    [
      '502 with the server sentence',
      reply(502, failure('Failed to send password setup instructions')),
      'Failed to send password setup instructions',
    ],
    ['500 with no body', reply(500, null), 'Failed to send password setup instructions'],
    [
      '429 with the server sentence',
      reply(429, failure('Too many password setup requests. Please try again in 15 minutes.')),
      'Too many password setup requests. Please try again in 15 minutes.',
    ],
    ['a dropped connection', NETWORK_DOWN, 'Network error. Please check your connection and try again.'],
  ])('shows the right message after %s', async (_case, answer, message) => {
    const { user, send, requests } = await renderResetMode({ replies: { [REQUEST_SETUP]: answer } });
    await user.type(screen.getByLabelText('Email'), 'someone@example.in');
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(requests[0]?.body).toEqual({ email: 'someone@example.in' });
    expect(send()).toBeEnabled();
  });

  it('says the link is on the server machine when no mail server is set, and never opens setup by itself', async () => {
    const { user, send } = await renderResetMode({
      replies: { [REQUEST_SETUP]: reply(200, { success: true, message: 'x', sent_to: 'server-console' }) },
    });
    await user.type(screen.getByLabelText('Email'), OWNER_EMAIL);
    await user.click(send());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Password setup link written to the terminal running the server and to setup-link.txt in its data directory. Open it within 15 minutes.',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});

describe('sign-in: reset mode, setup sent by email', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('says the instructions were sent and returns to login after 3 s', async () => {
    const { user, send } = await renderResetMode({
      fakeTimers: true,
      replies: { [REQUEST_SETUP]: reply(200, { success: true, message: 'sent', sent_to: 'email' }) },
    });
    await user.type(screen.getByLabelText('Email'), OWNER_EMAIL);
    await user.click(send());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Password setup instructions sent! Please check your email.',
    );
    expect(send()).toBeDisabled();

    act(() => jest.advanceTimersByTime(2500));
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(500));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(OWNER_EMAIL);
  });

  it('does not return to login later if the person already went Back to Login and on to reset again', async () => {
    const { user, send } = await renderResetMode({
      fakeTimers: true,
      replies: { [REQUEST_SETUP]: reply(200, { success: true, message: 'sent', sent_to: 'email' }) },
    });
    await user.type(screen.getByLabelText('Email'), OWNER_EMAIL);
    await user.click(send());
    await screen.findByRole('status');
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    await user.click(screen.getByRole('button', { name: 'Need to reset your password?' }));
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
  });
});

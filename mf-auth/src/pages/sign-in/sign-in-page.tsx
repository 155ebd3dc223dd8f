import type { LoginResponse, PasswordSetupResponse } from '@td/contracts';
import { useBarePlatform } from '@td/platform';
import { useEffect, useState } from 'react';
import { CodeForm } from './code-form';
import { LoginForm } from './login-form';
import { BrandMark, MarketingPanel } from './marketing-panel';
import { ResetForm } from './reset-form';
import { SetupForm } from './setup-form';
import { setupTokenFrom, withoutSetupToken } from './setup-token-url';
import { CardHeader, CompactBrand, FinePrint, FormCard, FormColumn, Screen } from './sign-in-layout';
import {
  LOGIN_REDIRECT_DELAY_MS,
  MESSAGES,
  PRODUCT_NAME,
  RETURN_TO_LOGIN_DELAY_MS,
} from './sign-in-messages';
import { type Notice, SignInNotice } from './sign-in-notice';
import { useOneShotTimer } from './use-one-shot-timer';

export type SignInMode = 'login' | 'code' | 'reset' | 'setup';

const HEADINGS: Record<SignInMode, { title: string; intro: string }> = {
  login: { title: 'Sign in', intro: 'Restricted access: the authorised trader only.' },
  code: {
    title: 'Enter your code',
    intro: 'Two-step sign-in is on: enter the 6-digit code from your authenticator app, or a recovery code.',
  },
  reset: {
    title: 'Reset your password',
    intro: 'Enter the account email and we will send password setup instructions.',
  },
  setup: {
    title: 'Set a new password',
    intro: 'At least 12 characters, with upper and lower case letters, a digit and a symbol.',
  },
};

/** spec part 1 "Sign-in screen" (richer variant) and §4 "Login modes": login, reset and setup. */
export function SignInPage() {
  const { session, navigate, location } = useBarePlatform();
  const urlToken = setupTokenFrom(location.search);
  const [mode, setMode] = useState<SignInMode>(urlToken ? 'setup' : 'login');
  const [tempToken, setTempToken] = useState<string | null>(urlToken);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [locked, setLocked] = useState(false);
  const timer = useOneShotTimer();

  // An emailed setup link opens setup with its token; the token then leaves the address bar.
  useEffect(() => {
    if (!urlToken) return;
    timer.cancel();
    setLocked(false);
    setNotice(null);
    setTempToken(urlToken);
    setMode('setup');
    navigate(withoutSetupToken(location), { replace: true });
  }, [urlToken, location, navigate, timer]);

  const switchMode = (next: SignInMode) => {
    timer.cancel();
    setLocked(false);
    setNotice(null);
    if (next !== 'setup') setTempToken(null);
    if (next !== 'code') setChallenge(null);
    setMode(next);
  };

  const signInAfterDelay = (reply: LoginResponse, text: string, detail?: string) => {
    setLocked(true);
    setNotice({ tone: 'success', text, detail });
    timer.schedule(() => {
      session.signIn(reply.session_token, reply.user);
      navigate('/dashboard', { replace: true });
    }, LOGIN_REDIRECT_DELAY_MS);
  };

  // The link never comes back in the reply; the screen says where it went, then returns to login.
  const onSetupRequested = (reply: PasswordSetupResponse) => {
    setLocked(true);
    const text = reply.sent_to === 'email' ? MESSAGES.setupSent : MESSAGES.setupWrittenOnServer;
    setNotice({ tone: 'success', text });
    timer.schedule(() => {
      setLocked(false);
      setMode('login');
    }, RETURN_TO_LOGIN_DELAY_MS);
  };

  const heading = HEADINGS[mode];
  return (
    <Screen>
      <MarketingPanel />
      <FormColumn>
        <CompactBrand>
          <BrandMark aria-hidden="true">₹</BrandMark>
          {PRODUCT_NAME}
        </CompactBrand>
        <FormCard aria-labelledby="sign-in-title">
          <CardHeader>
            <h1 id="sign-in-title">{heading.title}</h1>
            <p>{heading.intro}</p>
          </CardHeader>
          {notice && <SignInNotice notice={notice} />}
          {mode === 'login' && (
            <LoginForm
              email={email}
              onEmailChange={setEmail}
              locked={locked}
              onNotice={setNotice}
              onSignedIn={(reply) =>
                signInAfterDelay(reply, reply.message || MESSAGES.welcome, MESSAGES.redirecting)
              }
              onCodeNeeded={(reply) => {
                switchMode('code');
                setChallenge(reply.challenge);
              }}
              onForgotPassword={() => switchMode('reset')}
              onRequestSetup={() => switchMode('reset')}
            />
          )}
          {mode === 'code' && challenge && (
            <CodeForm
              challenge={challenge}
              locked={locked}
              onNotice={setNotice}
              onSignedIn={(reply) =>
                signInAfterDelay(reply, reply.message || MESSAGES.welcome, MESSAGES.redirecting)
              }
              onBack={() => switchMode('login')}
            />
          )}
          {mode === 'reset' && (
            <ResetForm
              email={email}
              onEmailChange={setEmail}
              locked={locked}
              onNotice={setNotice}
              onRequested={onSetupRequested}
              onBack={() => switchMode('login')}
            />
          )}
          {mode === 'setup' && tempToken && (
            <SetupForm
              key={tempToken}
              tempToken={tempToken}
              locked={locked}
              onNotice={setNotice}
              onPasswordSet={(reply) => signInAfterDelay(reply, MESSAGES.passwordSet)}
              onBack={() => switchMode('login')}
              onRequestNewLink={() => switchMode('reset')}
            />
          )}
        </FormCard>
        <FinePrint>{PRODUCT_NAME} · access restricted to one authorised trader</FinePrint>
      </FormColumn>
    </Screen>
  );
}

import {
  errorMessage,
  useConfirmSecondFactor,
  useRegenerateRecoveryCodes,
  useSecondFactorStatus,
  useStartSecondFactor,
  useSwitchOffSecondFactor,
} from '@td/api-client';
import type { SecondFactorEnrolment } from '@td/contracts';
import { Badge, Button, Card, TextInput } from '@td/ui';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { RecoveryCodes } from './recovery-codes';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 520px;
  p { margin: 0; font-size: ${({ theme }) => theme.fontSize.sm}; }
`;

const Enrol = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  align-items: flex-start;
  img { width: 176px; height: 176px; background: #fff; border-radius: ${({ theme }) => theme.radius.sm}; }
  code { font-family: ${({ theme }) => theme.font.mono}; word-break: break-all; }
`;

const Row = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  align-items: flex-end;
  label { display: flex; flex-direction: column; gap: ${({ theme }) => theme.space(1)}; font-size: ${({ theme }) => theme.fontSize.sm}; font-weight: 600; }
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.negative};
`;

const FAILED = 'That did not work. Please try again.';

/** Settings → Profile: two-step sign-in (TOTP): enrol with a QR code, then switch off or renew codes with a code. */
export function SecondFactorCard() {
  const status = useSecondFactorStatus();
  const start = useStartSecondFactor();
  const confirm = useConfirmSecondFactor();
  const switchOff = useSwitchOffSecondFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const codeId = useId();
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  const [recovery, setRecovery] = useState<{ message: string; codes: string[] } | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const enabled = status.data?.enabled ?? false;

  const fail = (error: unknown) => setProblem(errorMessage(error, FAILED));
  const showCodes = (reply: { message: string; recovery_codes: string[] }) => {
    setCode('');
    setEnrolment(null);
    setRecovery({ message: reply.message, codes: reply.recovery_codes });
  };
  const withCode = (action: (code: string) => void) => (event?: FormEvent) => {
    event?.preventDefault();
    setProblem(null);
    action(code.trim());
  };

  const codeField = (
    <label htmlFor={codeId}>
      Authenticator code
      <TextInput
        id={codeId}
        inputMode="text"
        autoComplete="one-time-code"
        placeholder="123456"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
    </label>
  );

  return (
    <Card
      title="Two-step sign-in"
      action={<Badge tone={enabled ? 'positive' : 'warning'}>{enabled ? 'On' : 'Off'}</Badge>}
    >
      <Stack>
        {recovery && <RecoveryCodes {...recovery} onDone={() => setRecovery(null)} />}
        {!enabled && !enrolment && (
          <>
            <p>
              Sign-in asks for a code from an authenticator app after the password. Live trading needs it on.
            </p>
            <div>
              <Button
                loading={start.isPending}
                onClick={() => {
                  setProblem(null);
                  start.mutate(undefined, { onSuccess: setEnrolment, onError: fail });
                }}
              >
                Set up two-step sign-in
              </Button>
            </div>
          </>
        )}
        {!enabled && enrolment && (
          <>
            <p>
              Scan the QR code with your authenticator app, or type the key, then enter the code it shows.
            </p>
            <Enrol>
              <img
                src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qr_svg)}`}
                alt="QR code to scan"
              />
              <p>
                Key: <code data-testid="second-factor-secret">{enrolment.secret}</code>
              </p>
            </Enrol>
            <Row
              onSubmit={withCode((value) =>
                confirm.mutate({ code: value }, { onSuccess: showCodes, onError: fail }),
              )}
            >
              {codeField}
              <Button type="submit" loading={confirm.isPending}>
                Turn on
              </Button>
            </Row>
          </>
        )}
        {enabled && (
          <>
            <p>
              On. {status.data?.recovery_codes_left ?? 0} of 10 recovery codes left. Switching off and new
              recovery codes need a current code.
            </p>
            <Row
              onSubmit={withCode((value) =>
                regenerate.mutate({ code: value }, { onSuccess: showCodes, onError: fail }),
              )}
            >
              {codeField}
              <Button type="submit" variant="secondary" loading={regenerate.isPending}>
                New recovery codes
              </Button>
              <Button
                type="button"
                variant="danger"
                loading={switchOff.isPending}
                onClick={withCode((value) =>
                  switchOff.mutate({ code: value }, { onSuccess: () => setCode(''), onError: fail }),
                )}
              >
                Switch off
              </Button>
            </Row>
          </>
        )}
        {problem && <Problem role="alert">{problem}</Problem>}
      </Stack>
    </Card>
  );
}

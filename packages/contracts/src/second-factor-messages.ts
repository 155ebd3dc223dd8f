// No zod here: the sign-in page's code step reads these before zod is downloaded (docs/decisions/0045).

export const SECOND_FACTOR_MESSAGES = {
  codeNeeded: 'Enter the 6-digit code from your authenticator app.',
  wrongCode:
    'That code is not correct or was already used. Enter the current code from your authenticator app.',
  codeRequired: 'Enter the current code from your authenticator app.',
  challengeExpired: 'Sign-in took too long. Enter your password again.',
  alreadyOn: 'Two-step sign-in is already on. Switch it off first to enrol another device.',
  notOn: 'Two-step sign-in is not on.',
  noEnrolment: 'No enrolment is waiting for a code. Start again with Set up two-step sign-in.',
  switchedOn: 'Two-step sign-in is on. Save these recovery codes now: they are shown only once.',
  switchedOff: 'Two-step sign-in is off.',
  regenerated:
    'New recovery codes made; the old ones no longer work. Save these now: they are shown only once.',
  liveNeedsIt: 'Turn on two-step sign-in in Settings → Profile before trading live.',
} as const;

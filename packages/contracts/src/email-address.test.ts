import { passwordSetupRequestSchema } from './auth';
import { isEmailAddress } from './email-address';

// The sign-in form's zod-free check must accept exactly what the server's schema accepts.
const ADDRESSES = [
  'trader@example.com',
  '  Trader@Example.COM ',
  'first.last+algo@desk.example.co.in',
  "o'neil@example.in",
  'trader@example',
  'trader@@example.com',
  '.trader@example.com',
  'trader.@example.com',
  'tra..der@example.com',
  'trader@-example.com',
  'trader@example.c',
  'trader example@example.com',
  '',
  '@example.com',
  'trader@',
];

describe('isEmailAddress', () => {
  it.each(ADDRESSES)('agrees with the server schema on %j', (address) => {
    expect(isEmailAddress(address)).toBe(passwordSetupRequestSchema.safeParse({ email: address }).success);
  });

  it('accepts a real address with spaces and capitals around it, and refuses a bare name', () => {
    expect(isEmailAddress('  Trader@Example.COM ')).toBe(true);
    expect(isEmailAddress('trader')).toBe(false);
  });
});

import { z } from 'zod';
import { newsQuerySchema } from './news';
import { numeric } from './numeric-input';
import { orderRequestSchema } from './orders';
import { paperBalanceRequestSchema } from './paper-account';
import { positionLimitsSchema } from './safety';
import { tradesQuerySchema } from './trading';

const anyNumber = numeric(z.number({ error: 'must be a number' }));
const failure = (result: { success: boolean; error?: z.ZodError }) => result.error?.issues[0]?.message;

describe('numeric: plain decimal text or a finite number, nothing Number() would stretch', () => {
  it.each([
    ['250000', 250000],
    ['  2.5 ', 2.5],
    ['-3', -3],
    ['.5', 0.5],
    ['+7', 7],
    ['10.', 10],
  ])('reads %p as %p', (text, value) => {
    expect(anyNumber.parse(text)).toBe(value);
  });

  it.each([
    '0x10',
    '0b11',
    '0o17',
    '1e3',
    '5e-324',
    'Infinity',
    '-Infinity',
    'NaN',
    '1_000',
    '1,000',
    '1 000',
    '',
    ' ',
  ])('refuses the text %p instead of reading it as some other amount', (text) => {
    expect(failure(anyNumber.safeParse(text))).toBe('must be a number');
  });
});

describe('amounts and quantities have real minimums', () => {
  it('refuses a 16-share order written as "0x10", and takes "16"', () => {
    const order = { symbol: 'TCS', side: 'BUY' };
    expect(failure(orderRequestSchema.safeParse({ ...order, quantity: '0x10' }))).toBe(
      'quantity must be a number',
    );
    expect(orderRequestSchema.parse({ ...order, quantity: '16' }).quantity).toBe(16);
    expect(orderRequestSchema.safeParse({ ...order, quantity: 0.5 }).success).toBe(false);
  });

  it.each([5e-324, 0.001, 0.009, 100.001])(
    'refuses a balance of %p, which is not whole paise of at least ₹0.01',
    (balance) => {
      expect(paperBalanceRequestSchema.safeParse({ balance }).success).toBe(false);
    },
  );

  it('takes a balance of ₹0.01', () => {
    expect(paperBalanceRequestSchema.parse({ balance: 0.01 }).balance).toBe(0.01);
  });

  it('refuses a risk percent of 5e-324 that would act as a limit of nothing', () => {
    const limits = {
      max_position_size: 10,
      max_single_stock: 20,
      max_sector_exposure: 40,
      min_diversification: 5,
    };
    expect(failure(positionLimitsSchema.safeParse({ ...limits, max_position_size: 5e-324 }))).toBe(
      'max_position_size goes in steps of 0.001 %, so 0.001 % at least.',
    );
    expect(positionLimitsSchema.safeParse({ ...limits, max_position_size: 0.001 }).success).toBe(true);
  });

  it('reads page and limit query strings strictly too', () => {
    expect(tradesQuerySchema.safeParse({ page: '0x2' }).success).toBe(false);
    expect(tradesQuerySchema.parse({ page: '2' }).page).toBe(2);
    expect(tradesQuerySchema.parse({}).page).toBe(1);
    expect(newsQuerySchema.safeParse({ limit: '1e2' }).success).toBe(false);
    expect(newsQuerySchema.parse({}).limit).toBe(50);
  });
});

import {
  healthColour,
  healthTone,
  mlHealthBand,
  pnlHeatColour,
  pnlTone,
  riskScoreBand,
  toneColour,
  winRateTone,
} from './colour-scale';
import { theme } from './theme';

describe('pnlTone', () => {
  it('is positive for non-negative values (zero included) and negative below zero', () => {
    expect(pnlTone(10)).toBe('positive');
    expect(pnlTone(0)).toBe('positive');
    expect(pnlTone(-0.01)).toBe('negative');
  });

  it('is neutral when the value is missing', () => {
    expect(pnlTone(undefined)).toBe('neutral');
    expect(pnlTone(Number.NaN)).toBe('neutral');
  });
});

describe('mlHealthBand', () => {
  it.each([
    [1, 'excellent'],
    [0.8, 'excellent'],
    [0.79, 'good'],
    [0.6, 'good'],
    [0.59, 'fair'],
    [0.4, 'fair'],
    [0.39, 'needs attention'],
    [0, 'needs attention'],
  ])('puts a health score of %d in the %s band', (score, band) => {
    expect(mlHealthBand(score)).toBe(band);
  });

  it('treats a missing score as needing attention', () => {
    expect(mlHealthBand(undefined)).toBe('needs attention');
  });
});

describe('riskScoreBand', () => {
  it.each([
    [0, 'low'],
    [0.29, 'low'],
    [0.3, 'medium'],
    [0.69, 'medium'],
    [0.7, 'high'],
    [1, 'high'],
  ])('puts a risk score of %d in the %s band', (score, band) => {
    expect(riskScoreBand(score)).toBe(band);
  });
});

describe('healthColour', () => {
  it('colours good bands and statuses green, middling ones amber and bad ones red', () => {
    expect(healthColour('excellent')).toBe(theme.colors.positive);
    expect(healthColour('Healthy')).toBe(theme.colors.positive);
    expect(healthColour('low')).toBe(theme.colors.positive);
    expect(healthColour('fair')).toBe(theme.colors.warning);
    expect(healthColour('medium')).toBe(theme.colors.warning);
    expect(healthColour('needs attention')).toBe(theme.colors.negative);
    expect(healthColour('high')).toBe(theme.colors.negative);
    expect(healthColour('disconnected')).toBe(theme.colors.negative);
  });

  it('mutes statuses it does not know', () => {
    expect(healthTone('mystery')).toBe('neutral');
    expect(healthColour(undefined)).toBe(theme.colors.textMuted);
  });

  it('agrees with toneColour for every tone', () => {
    expect(toneColour('positive')).toBe(theme.colors.positive);
    expect(toneColour('negative')).toBe(theme.colors.negative);
    expect(toneColour('live')).toBe(theme.colors.live);
    expect(toneColour('neutral')).toBe(theme.colors.textMuted);
  });
});

describe('winRateTone', () => {
  it('colours 60 % and up green, 40 % and up yellow, below red (spec part 2 §9)', () => {
    expect([75, 60, 59.9, 40, 39.9, 0].map(winRateTone)).toEqual([
      'positive',
      'positive',
      'warning',
      'warning',
      'negative',
      'negative',
    ]);
  });
});

describe('pnlHeatColour', () => {
  it('is green for a gain and red for a loss, stronger for the larger move', () => {
    expect(pnlHeatColour(100, 100)).toBe(`${theme.colors.positive}ff`);
    expect(pnlHeatColour(-100, 100)).toBe(`${theme.colors.negative}ff`);
    expect(pnlHeatColour(-50, 100)).toBe(`${theme.colors.negative}99`);
    expect(pnlHeatColour(1, 1000)).toBe(`${theme.colors.positive}33`);
  });

  it('is a muted tint for a flat day or nothing to compare with', () => {
    expect(pnlHeatColour(0, 100)).toBe(`${theme.colors.textMuted}33`);
    expect(pnlHeatColour(10, 0)).toBe(`${theme.colors.textMuted}33`);
  });
});

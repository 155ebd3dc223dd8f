import type { LabelledObservation, Learner, ModelVote, Observation } from '../model-types';

interface SentimentState {
  /** Resolved examples with a sentiment reading where the price moved the way sentiment leaned. */
  followed: number;
  against: number;
}

/** Sentiment this small is no reading. */
const MIN_SENTIMENT = 0.05;

/**
 * News sentiment as a model: the stock's own sentiment (the sector's when the stock has none) leans
 * the prediction its way, by how often prices have followed sentiment so far (a Beta(1,1) posterior
 * over resolved examples) and by the sentiment's strength. No headline, no view.
 */
export class NewsSentimentModel implements Learner {
  readonly name = 'news_sentiment';
  readonly description = "News sentiment (stock's, else sector's), with its measured follow-through rate";
  private state: SentimentState = { followed: 0, against: 0 };

  private reading(observation: Observation): { value: number; of: string } | null {
    const stock = observation.stockSentiment;
    if (stock !== null && Math.abs(stock) >= MIN_SENTIMENT) return { value: stock, of: 'stock' };
    const sector = observation.sectorSentiment;
    if (sector !== null && Math.abs(sector) >= MIN_SENTIMENT) return { value: sector, of: 'sector' };
    return null;
  }

  followRate(): number {
    return (this.state.followed + 1) / (this.state.followed + this.state.against + 2);
  }

  predict(observation: Observation): ModelVote {
    const reading = this.reading(observation);
    if (!reading) return { probability: 0.5, reasons: ['no news sentiment for the stock or its sector'] };
    const strength = Math.min(1, Math.abs(reading.value) / 0.5);
    const lean = (this.followRate() - 0.5) * strength;
    return {
      probability: 0.5 + Math.sign(reading.value) * lean,
      reasons: [
        `${reading.of} sentiment ${reading.value.toFixed(2)}; prices followed sentiment ${(this.followRate() * 100).toFixed(0)} % of the time`,
      ],
    };
  }

  probability(observation: Observation): number {
    return this.predict(observation).probability;
  }

  update({ observation, up }: LabelledObservation): void {
    const reading = this.reading(observation);
    if (!reading) return;
    if (reading.value > 0 === (up === 1)) this.state.followed += 1;
    else this.state.against += 1;
  }

  snapshot(): SentimentState {
    return { ...this.state };
  }

  restore(state: unknown): void {
    const s = state as SentimentState;
    if (s && Number.isFinite(s.followed) && Number.isFinite(s.against)) this.state = { ...s };
  }
}

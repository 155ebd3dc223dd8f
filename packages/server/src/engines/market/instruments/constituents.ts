import type { IndexId } from '../market-types';

/** One stock as written down; instrument-catalog.ts derives keys and normalised weights from it. */
export interface ConstituentRow {
  /** NSE trading symbol. */
  symbol: string;
  name: string;
  /** NSE macro-economic sector. */
  sector: string;
  isin: string;
  /**
   * Rupees: an approximate late-2025 price, used ONLY to seed the offline simulator. It is never
   * presented as a quote. KOTAKBANK is given after its 5:1 split (ex-date 14 Jan 2026).
   */
  referencePrice: number;
  /** Approximate free-float weight in percent, per index the stock belongs to. */
  weights: Partial<Record<IndexId, number>>;
}

/**
 * Constituents as of mid-January 2026:
 * - NIFTY 50 after the 30 Sep 2025 rebalance (InterGlobe Aviation and Max Healthcare in, Hero
 *   MotoCorp and IndusInd Bank out); Tata Motors trades as TMPV since its Oct 2025 demerger.
 * - SENSEX after the 22 Dec 2025 reconstitution (InterGlobe Aviation in, TMPV out).
 * - Nifty Bank with 14 stocks since 31 Dec 2025 (Union Bank of India and Yes Bank added).
 * Weights are approximations, not an exchange file: NIFTY 50 from the index factsheet of 30 Sep
 * 2025 (top three and sector totals) and estimates below that; SENSEX rescaled from the NIFTY 50
 * weights of its 30 stocks; Nifty Bank estimated under its new caps (top three at most 19 %, 14 %,
 * 10 %), which NSE phases in over Dec 2025 – Mar 2026, so actual weights differ during that time.
 * The catalogue renormalises each index so its weights sum to exactly 1.
 */
// biome-ignore format: one stock per line keeps the data readable as a table
export const CONSTITUENT_ROWS: readonly ConstituentRow[] = [
  { symbol: 'HDFCBANK', name: 'HDFC Bank Ltd.', sector: 'Financial Services', isin: 'INE040A01034', referencePrice: 1000, weights: { NIFTY_50: 12.9, SENSEX: 15.2, BANK_NIFTY: 19.0 } },
  { symbol: 'ICICIBANK', name: 'ICICI Bank Ltd.', sector: 'Financial Services', isin: 'INE090A01021', referencePrice: 1370, weights: { NIFTY_50: 8.5, SENSEX: 10.0, BANK_NIFTY: 14.0 } },
  { symbol: 'RELIANCE', name: 'Reliance Industries Ltd.', sector: 'Oil Gas & Consumable Fuels', isin: 'INE002A01018', referencePrice: 1550, weights: { NIFTY_50: 8.2, SENSEX: 9.7 } },
  { symbol: 'INFY', name: 'Infosys Ltd.', sector: 'Information Technology', isin: 'INE009A01021', referencePrice: 1580, weights: { NIFTY_50: 4.8, SENSEX: 5.4 } },
  { symbol: 'BHARTIARTL', name: 'Bharti Airtel Ltd.', sector: 'Telecommunication', isin: 'INE397D01024', referencePrice: 2100, weights: { NIFTY_50: 4.7, SENSEX: 5.5 } },
  { symbol: 'LT', name: 'Larsen & Toubro Ltd.', sector: 'Construction', isin: 'INE018A01030', referencePrice: 4000, weights: { NIFTY_50: 4.1, SENSEX: 4.7 } },
  { symbol: 'ITC', name: 'ITC Ltd.', sector: 'Fast Moving Consumer Goods', isin: 'INE154A01025', referencePrice: 405, weights: { NIFTY_50: 3.5, SENSEX: 4.0 } },
  { symbol: 'SBIN', name: 'State Bank of India', sector: 'Financial Services', isin: 'INE062A01020', referencePrice: 970, weights: { NIFTY_50: 3.3, SENSEX: 3.9, BANK_NIFTY: 10.0 } },
  { symbol: 'AXISBANK', name: 'Axis Bank Ltd.', sector: 'Financial Services', isin: 'INE238A01034', referencePrice: 1270, weights: { NIFTY_50: 3.0, SENSEX: 3.5, BANK_NIFTY: 9.9 } },
  { symbol: 'M&M', name: 'Mahindra & Mahindra Ltd.', sector: 'Automobile and Auto Components', isin: 'INE101A01026', referencePrice: 3700, weights: { NIFTY_50: 2.7, SENSEX: 3.2 } },
  { symbol: 'KOTAKBANK', name: 'Kotak Mahindra Bank Ltd.', sector: 'Financial Services', isin: 'INE237A01036', referencePrice: 425, weights: { NIFTY_50: 2.7, SENSEX: 3.2, BANK_NIFTY: 9.8 } },
  { symbol: 'TCS', name: 'Tata Consultancy Services Ltd.', sector: 'Information Technology', isin: 'INE467B01029', referencePrice: 3200, weights: { NIFTY_50: 2.6, SENSEX: 3.1 } },
  { symbol: 'BAJFINANCE', name: 'Bajaj Finance Ltd.', sector: 'Financial Services', isin: 'INE296A01032', referencePrice: 1000, weights: { NIFTY_50: 2.3, SENSEX: 2.7 } },
  { symbol: 'HINDUNILVR', name: 'Hindustan Unilever Ltd.', sector: 'Fast Moving Consumer Goods', isin: 'INE030A01027', referencePrice: 2450, weights: { NIFTY_50: 1.9, SENSEX: 2.2 } },
  { symbol: 'ETERNAL', name: 'Eternal Ltd.', sector: 'Consumer Services', isin: 'INE758T01015', referencePrice: 300, weights: { NIFTY_50: 1.9, SENSEX: 2.2 } },
  { symbol: 'MARUTI', name: 'Maruti Suzuki India Ltd.', sector: 'Automobile and Auto Components', isin: 'INE585B01010', referencePrice: 16000, weights: { NIFTY_50: 1.8, SENSEX: 2.1 } },
  { symbol: 'SUNPHARMA', name: 'Sun Pharmaceutical Industries Ltd.', sector: 'Healthcare', isin: 'INE044A01036', referencePrice: 1790, weights: { NIFTY_50: 1.6, SENSEX: 1.9 } },
  { symbol: 'HCLTECH', name: 'HCL Technologies Ltd.', sector: 'Information Technology', isin: 'INE860A01027', referencePrice: 1620, weights: { NIFTY_50: 1.4, SENSEX: 1.7 } },
  { symbol: 'NTPC', name: 'NTPC Ltd.', sector: 'Power', isin: 'INE733E01010', referencePrice: 325, weights: { NIFTY_50: 1.4, SENSEX: 1.7 } },
  { symbol: 'TITAN', name: 'Titan Company Ltd.', sector: 'Consumer Durables', isin: 'INE280A01028', referencePrice: 3850, weights: { NIFTY_50: 1.3, SENSEX: 1.5 } },
  { symbol: 'BEL', name: 'Bharat Electronics Ltd.', sector: 'Capital Goods', isin: 'INE263A01024', referencePrice: 400, weights: { NIFTY_50: 1.3, SENSEX: 1.5 } },
  { symbol: 'TATASTEEL', name: 'Tata Steel Ltd.', sector: 'Metals & Mining', isin: 'INE081A01020', referencePrice: 170, weights: { NIFTY_50: 1.3, SENSEX: 1.5 } },
  { symbol: 'ULTRACEMCO', name: 'UltraTech Cement Ltd.', sector: 'Construction Materials', isin: 'INE481G01011', referencePrice: 11700, weights: { NIFTY_50: 1.2, SENSEX: 1.4 } },
  { symbol: 'POWERGRID', name: 'Power Grid Corporation of India Ltd.', sector: 'Power', isin: 'INE752E01010', referencePrice: 270, weights: { NIFTY_50: 1.1, SENSEX: 1.3 } },
  { symbol: 'SHRIRAMFIN', name: 'Shriram Finance Ltd.', sector: 'Financial Services', isin: 'INE721A01047', referencePrice: 850, weights: { NIFTY_50: 1.0 } },
  { symbol: 'BAJAJFINSV', name: 'Bajaj Finserv Ltd.', sector: 'Financial Services', isin: 'INE918I01026', referencePrice: 2050, weights: { NIFTY_50: 1.0, SENSEX: 1.2 } },
  { symbol: 'ADANIPORTS', name: 'Adani Ports and Special Economic Zone Ltd.', sector: 'Services', isin: 'INE742F01042', referencePrice: 1480, weights: { NIFTY_50: 1.0, SENSEX: 1.2 } },
  { symbol: 'HINDALCO', name: 'Hindalco Industries Ltd.', sector: 'Metals & Mining', isin: 'INE038A01020', referencePrice: 820, weights: { NIFTY_50: 1.0 } },
  { symbol: 'ASIANPAINT', name: 'Asian Paints Ltd.', sector: 'Consumer Durables', isin: 'INE021A01026', referencePrice: 2900, weights: { NIFTY_50: 1.0, SENSEX: 1.2 } },
  { symbol: 'INDIGO', name: 'InterGlobe Aviation Ltd.', sector: 'Services', isin: 'INE646L01027', referencePrice: 5600, weights: { NIFTY_50: 1.0, SENSEX: 1.2 } },
  { symbol: 'TRENT', name: 'Trent Ltd.', sector: 'Consumer Services', isin: 'INE849A01020', referencePrice: 4200, weights: { NIFTY_50: 0.9, SENSEX: 1.1 } },
  { symbol: 'GRASIM', name: 'Grasim Industries Ltd.', sector: 'Construction Materials', isin: 'INE047A01021', referencePrice: 2750, weights: { NIFTY_50: 0.9 } },
  { symbol: 'JSWSTEEL', name: 'JSW Steel Ltd.', sector: 'Metals & Mining', isin: 'INE019A01038', referencePrice: 1150, weights: { NIFTY_50: 0.9 } },
  { symbol: 'EICHERMOT', name: 'Eicher Motors Ltd.', sector: 'Automobile and Auto Components', isin: 'INE066A01021', referencePrice: 7000, weights: { NIFTY_50: 0.9 } },
  { symbol: 'BAJAJ-AUTO', name: 'Bajaj Auto Ltd.', sector: 'Automobile and Auto Components', isin: 'INE917I01010', referencePrice: 9000, weights: { NIFTY_50: 0.9 } },
  { symbol: 'TECHM', name: 'Tech Mahindra Ltd.', sector: 'Information Technology', isin: 'INE669C01036', referencePrice: 1550, weights: { NIFTY_50: 0.8, SENSEX: 0.9 } },
  { symbol: 'ONGC', name: 'Oil & Natural Gas Corporation Ltd.', sector: 'Oil Gas & Consumable Fuels', isin: 'INE213A01029', referencePrice: 245, weights: { NIFTY_50: 0.8 } },
  { symbol: 'JIOFIN', name: 'Jio Financial Services Ltd.', sector: 'Financial Services', isin: 'INE758E01017', referencePrice: 300, weights: { NIFTY_50: 0.8 } },
  { symbol: 'COALINDIA', name: 'Coal India Ltd.', sector: 'Oil Gas & Consumable Fuels', isin: 'INE522F01014', referencePrice: 380, weights: { NIFTY_50: 0.7 } },
  { symbol: 'NESTLEIND', name: 'Nestle India Ltd.', sector: 'Fast Moving Consumer Goods', isin: 'INE239A01024', referencePrice: 1260, weights: { NIFTY_50: 0.7 } },
  { symbol: 'CIPLA', name: 'Cipla Ltd.', sector: 'Healthcare', isin: 'INE059A01026', referencePrice: 1520, weights: { NIFTY_50: 0.7 } },
  { symbol: 'SBILIFE', name: 'SBI Life Insurance Company Ltd.', sector: 'Financial Services', isin: 'INE123W01016', referencePrice: 2000, weights: { NIFTY_50: 0.7 } },
  { symbol: 'HDFCLIFE', name: 'HDFC Life Insurance Company Ltd.', sector: 'Financial Services', isin: 'INE795G01014', referencePrice: 760, weights: { NIFTY_50: 0.7 } },
  { symbol: 'MAXHEALTH', name: 'Max Healthcare Institute Ltd.', sector: 'Healthcare', isin: 'INE027H01010', referencePrice: 1100, weights: { NIFTY_50: 0.7 } },
  { symbol: 'APOLLOHOSP', name: 'Apollo Hospitals Enterprise Ltd.', sector: 'Healthcare', isin: 'INE437A01024', referencePrice: 7200, weights: { NIFTY_50: 0.6 } },
  { symbol: 'DRREDDY', name: "Dr. Reddy's Laboratories Ltd.", sector: 'Healthcare', isin: 'INE089A01031', referencePrice: 1250, weights: { NIFTY_50: 0.6 } },
  { symbol: 'TATACONSUM', name: 'Tata Consumer Products Ltd.', sector: 'Fast Moving Consumer Goods', isin: 'INE192A01025', referencePrice: 1170, weights: { NIFTY_50: 0.6 } },
  { symbol: 'WIPRO', name: 'Wipro Ltd.', sector: 'Information Technology', isin: 'INE075A01022', referencePrice: 255, weights: { NIFTY_50: 0.6 } },
  { symbol: 'TMPV', name: 'Tata Motors Passenger Vehicles Ltd.', sector: 'Automobile and Auto Components', isin: 'INE155A01022', referencePrice: 360, weights: { NIFTY_50: 0.5 } },
  { symbol: 'ADANIENT', name: 'Adani Enterprises Ltd.', sector: 'Metals & Mining', isin: 'INE423A01024', referencePrice: 2300, weights: { NIFTY_50: 0.5 } },
  // Nifty Bank only: not in NIFTY 50 or SENSEX.
  { symbol: 'FEDERALBNK', name: 'The Federal Bank Ltd.', sector: 'Financial Services', isin: 'INE171A01029', referencePrice: 255, weights: { BANK_NIFTY: 5.0 } },
  { symbol: 'INDUSINDBK', name: 'IndusInd Bank Ltd.', sector: 'Financial Services', isin: 'INE095A01012', referencePrice: 850, weights: { BANK_NIFTY: 4.7 } },
  { symbol: 'IDFCFIRSTB', name: 'IDFC First Bank Ltd.', sector: 'Financial Services', isin: 'INE092T01019', referencePrice: 82, weights: { BANK_NIFTY: 4.6 } },
  { symbol: 'BANKBARODA', name: 'Bank of Baroda', sector: 'Financial Services', isin: 'INE028A01039', referencePrice: 285, weights: { BANK_NIFTY: 4.6 } },
  { symbol: 'CANBK', name: 'Canara Bank', sector: 'Financial Services', isin: 'INE476A01022', referencePrice: 150, weights: { BANK_NIFTY: 4.4 } },
  { symbol: 'AUBANK', name: 'AU Small Finance Bank Ltd.', sector: 'Financial Services', isin: 'INE949L01017', referencePrice: 900, weights: { BANK_NIFTY: 4.2 } },
  { symbol: 'PNB', name: 'Punjab National Bank', sector: 'Financial Services', isin: 'INE160A01022', referencePrice: 120, weights: { BANK_NIFTY: 3.6 } },
  { symbol: 'YESBANK', name: 'Yes Bank Ltd.', sector: 'Financial Services', isin: 'INE528G01035', referencePrice: 22, weights: { BANK_NIFTY: 3.4 } },
  { symbol: 'UNIONBANK', name: 'Union Bank of India', sector: 'Financial Services', isin: 'INE692A01016', referencePrice: 150, weights: { BANK_NIFTY: 2.8 } },
];

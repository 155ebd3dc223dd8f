import { SymbolTagger } from './symbol-tagger';

const tagger = new SymbolTagger();

describe('tagging headlines with stocks and sectors', () => {
  it('finds a stock by its name, short name, alias or symbol', () => {
    expect(tagger.tag('Reliance Industries to demerge retail arm').symbols).toEqual(['RELIANCE']);
    expect(tagger.tag('RIL shares rise').symbols).toEqual(['RELIANCE']);
    expect(tagger.tag('Infosys wins order').symbols).toEqual(['INFY']);
    expect(tagger.tag('L&T bags order worth Rs 5,000 crore').symbols).toEqual(['LT']);
    expect(tagger.tag("Dr Reddy's gets USFDA nod").symbols).toEqual(['DRREDDY']);
  });

  it('gives each stock its catalogue sector', () => {
    expect(tagger.tag('HDFC Bank profit beats estimates')).toEqual({
      symbols: ['HDFCBANK'],
      sectors: ['Financial Services'],
    });
  });

  it('prefers the longer name: SBI Life is not State Bank of India', () => {
    expect(tagger.tag('SBI Life premiums jump').symbols).toEqual(['SBILIFE']);
    expect(tagger.tag('SBI and SBI Life in focus').symbols.sort()).toEqual(['SBILIFE', 'SBIN']);
  });

  it('matches short capital aliases only in capitals', () => {
    expect(tagger.tag('ITC hotels demerger').symbols).toEqual(['ITC']);
    expect(tagger.tag('it is a quiet day for the market').symbols).toEqual([]);
    expect(tagger.tag('IT stocks rally on deal wins').sectors).toEqual(['Information Technology']);
  });

  it('reads sector words without a company name', () => {
    expect(tagger.tag('Pharma stocks slump as regulator tightens rules')).toEqual({
      symbols: [],
      sectors: ['Healthcare'],
    });
  });

  it('tags nothing in a headline that names no stock or sector', () => {
    expect(tagger.tag('Rupee ends flat against the dollar')).toEqual({ symbols: [], sectors: [] });
  });
});

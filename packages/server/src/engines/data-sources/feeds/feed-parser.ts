import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** One item as a feed lists it, before scoring and tagging. */
export interface FeedItem {
  title: string;
  summary: string;
  url: string | null;
  /** Epoch ms, or null when the item carried no readable date. */
  publishedAt: number | null;
  guid: string | null;
}

/** A document the pipeline will not read, with the reason in a sentence (logged, shown in status). */
export class FeedRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'FeedRefusedError';
  }
}

const MAX_ITEMS = 100;
const MAX_SUMMARY = 400;

// Feeds never need a DTD: any entity declaration (a "billion laughs" or an external entity) is refused
// before parsing, and the parser's own expansion limits stand behind that.
const ENTITY_DECLARATION = /<!ENTITY/i;
const HTML_START = /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<!doctype\s+html|^\s*<html[\s>]/i;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  trimValues: true,
  htmlEntities: true,
  processEntities: {
    enabled: true,
    maxEntityCount: 0,
    maxTotalExpansions: 20_000,
    maxExpandedLength: 2_000_000,
  },
  isArray: (name) => name === 'item' || name === 'entry' || name === 'link',
});

/** The text of a node that may be a string, a number, or an object with #text (Atom's type="html"). */
function textOf(node: unknown): string {
  if (node === null || node === undefined) return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return textOf(node[0]);
  if (typeof node === 'object' && '#text' in node) return textOf((node as Record<string, unknown>)['#text']);
  return '';
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  rupee: '₹',
};

/** HTML inside a feed's text (CDATA or escaped) still carries its own entities: decoded once. */
function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Feed text often carries HTML: tags out, entities decoded, whitespace single, at most `limit` characters. */
export function plainText(html: string, limit = MAX_SUMMARY): string {
  const text = decodeHtmlEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > limit ? `${text.slice(0, limit - 1).trimEnd()}…` : text;
}

function dateOf(text: string): number | null {
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

function httpUrl(text: string): string | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function rssItems(channel: Record<string, unknown>): FeedItem[] {
  const items = (channel.item as Record<string, unknown>[] | undefined) ?? [];
  return items.map((item) => ({
    title: plainText(textOf(item.title), 300),
    summary: plainText(textOf(item.description)),
    url: httpUrl(textOf(item.link)),
    publishedAt: dateOf(textOf(item.pubDate) || textOf(item['dc:date'])),
    guid: textOf(item.guid) || null,
  }));
}

function atomLink(links: unknown): string | null {
  const list = (Array.isArray(links) ? links : [links]) as Record<string, unknown>[];
  const chosen = list.find((link) => !link?.['@_rel'] || link['@_rel'] === 'alternate') ?? list[0];
  return chosen ? httpUrl(textOf(chosen['@_href'])) : null;
}

function atomItems(feed: Record<string, unknown>): FeedItem[] {
  const entries = (feed.entry as Record<string, unknown>[] | undefined) ?? [];
  return entries.map((entry) => ({
    title: plainText(textOf(entry.title), 300),
    summary: plainText(textOf(entry.summary) || textOf(entry.content)),
    url: atomLink(entry.link),
    publishedAt: dateOf(textOf(entry.published) || textOf(entry.updated)),
    guid: textOf(entry.id) || null,
  }));
}

/**
 * Reads an RSS 2.0, RSS 1.0 (RDF) or Atom document. Anything else — invalid XML, an HTML page,
 * a DTD declaring entities, another XML vocabulary — is refused with FeedRefusedError.
 */
export function parseFeed(text: string): FeedItem[] {
  if (HTML_START.test(text))
    throw new FeedRefusedError('the server sent an HTML page, not an RSS or Atom feed');
  if (ENTITY_DECLARATION.test(text))
    throw new FeedRefusedError(
      'the document declares XML entities, which a feed never needs (entity expansion)',
    );
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    throw new FeedRefusedError(`invalid XML at line ${valid.err.line}: ${valid.err.msg.replace(/\.$/, '')}`);
  let document: Record<string, unknown>;
  try {
    document = parser.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new FeedRefusedError(`unreadable XML: ${(error as Error).message}`);
  }
  const rss = document.rss as Record<string, unknown> | undefined;
  const rdf = document['rdf:RDF'] as Record<string, unknown> | undefined;
  const atom = document.feed as Record<string, unknown> | undefined;
  let items: FeedItem[];
  if (rss && typeof rss === 'object' && rss.channel) items = rssItems(rss.channel as Record<string, unknown>);
  else if (rdf && typeof rdf === 'object') items = rssItems(rdf);
  else if (atom && typeof atom === 'object') items = atomItems(atom);
  else if (document.html) throw new FeedRefusedError('the server sent an HTML page, not an RSS or Atom feed');
  else throw new FeedRefusedError('the document is XML but neither RSS nor Atom');
  return items.filter((item) => item.title.length > 0).slice(0, MAX_ITEMS);
}

/**
 * Chunks a screen fetches only when a heavy widget mounts (a chart): named with this prefix, by
 * `import(/* webpackChunkName: "widget-…" *\/ …)` or a cache group in federation.ts. The bundle
 * bench reports them beside, not inside, a remote's first load (decision 0045).
 */
export const WIDGET_CHUNK_PREFIX = 'widget-';

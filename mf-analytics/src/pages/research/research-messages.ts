// spec part 1 §8 "Research": the screen's words, one place.
export const RESEARCH_NOT_AVAILABLE = 'Research data not available';
export const DATA_SOURCE_DISCONNECTED = 'Data source not connected - Check Upstox connection';
export const RESEARCH_SERVICE_DISCONNECTED = 'Research service not connected';
export const SIGNALS_DISCONNECTED = 'Trading signals unavailable - data source disconnected';
export const NO_SIGNALS = 'No trading signals available';

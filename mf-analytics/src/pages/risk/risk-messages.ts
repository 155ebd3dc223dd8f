// spec part 1 §2 "Risk Management" and §8 "Risk", word for word.
export const OFFLINE_TITLE = 'Risk Management System Offline';
export const UNABLE_TO_CONNECT = 'Unable to connect to risk management system';
export const USING_CACHED = 'Using cached risk data';
export const FAILED_METRICS = 'Failed to fetch risk metrics';
export const FAILED_POSITIONS = 'Failed to fetch position risk data';
export const FAILED_ALERTS = 'Failed to fetch risk alerts';
export const FAILED_LIMITS = 'Failed to fetch risk limits';

import pino, { type Logger } from 'pino';

/** Fields that must never reach a log line, wherever they appear in a logged object. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.new_password',
  '*.temp_token',
  '*.session_token',
  '*.access_token',
  '*.client_secret',
  '*.api_secret',
  'password',
  'new_password',
  'temp_token',
  'session_token',
  'access_token',
  'client_secret',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, destination);
}

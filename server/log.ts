// Structured logs: one JSON object per line on stdout (pino), for a log shipper to collect.
// Every line about a request carries its request id; LOG_LEVEL sets the level (default info;
// the test runner is silent unless LOG_LEVEL says otherwise).
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

const defaultLevel = () => process.env.LOG_LEVEL ?? (process.env.VITEST ? 'silent' : 'info');

/** A logger writing to `destination` (stdout by default). */
export function createLogger(destination?: DestinationStream, level = defaultLevel()): Logger {
  return pino(
    {
      level,
      base: { service: 'storynest' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

/** The process's logger, for code that runs outside any request (start-up, jobs, shutdown). */
export const logger = createLogger();

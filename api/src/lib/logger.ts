import { pino } from 'pino';

export type Level = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/**
 * Fields that must never reach a log line whatever a caller passes: they are replaced by "[redacted]". Logging a
 * secret stays a bug; this keeps one slip from leaking it.
 */
const SECRET_FIELDS = [
  'password',
  'passwordHash',
  'password_hash',
  'token',
  'authorization',
  'cookie',
  'secret',
];
const REDACTED = [...SECRET_FIELDS, ...SECRET_FIELDS.map((f) => `*.${f}`)];

/** Standard output, written synchronously: one destination for every logger of the process. */
let stdout: ReturnType<typeof pino.destination> | undefined;
const standardOutput = () => {
  stdout ??= pino.destination({ dest: 1, sync: true });
  return stdout;
};

/**
 * Structured JSON logs through pino, one object a line: `{"level":"warn","time":"…","msg":"…", …fields}`, to
 * stdout, or to `write` (tests read the lines). Never pass secrets, tokens or password hashes in fields.
 */
export function createLogger(level: Level = 'info', write?: (line: string) => void): Logger {
  const log = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED, censor: '[redacted]' },
    },
    write ? { write: (line: string) => write(line.trimEnd()) } : standardOutput(),
  );
  const at =
    (lvl: Exclude<Level, 'silent'>) =>
    (msg: string, fields: Record<string, unknown> = {}) =>
      log[lvl](fields, msg);
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

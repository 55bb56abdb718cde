import { AsyncLocalStorage } from 'node:async_hooks';
import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { initialLogLevel } from '../config/env';

interface LogContext {
  requestId: string;
}

/** Holds the request id of the message being handled, so every log line can carry it. */
export const logContext = new AsyncLocalStorage<LogContext>();

/**
 * Runs the handling of one bus message in a logging context of its own; `noteRequestId` fills it in
 * once the message is read. (A Nest interceptor did this before: it cost an AsyncResource, an
 * observable and a deprecation wrapper per message, 6-8% of a service's CPU on a cheap read.)
 */
export function inMessageContext<T>(handle: () => T): T {
  return logContext.run({ requestId: '' }, handle);
}

/** Puts the request id of a bus packet (`{data: {ctx: {requestId}}}`) into the current message's context. */
export function noteRequestId(packet: unknown): void {
  const store = logContext.getStore();
  const requestId = (packet as { data?: { ctx?: { requestId?: unknown } } } | null)?.data?.ctx?.requestId;
  if (store && typeof requestId === 'string') store.requestId = requestId;
}

/** Names whose values never reach a log line. */
const REDACT = [
  'password',
  'clientSecret',
  'client_secret',
  'token',
  'sessionToken',
  'bearerToken',
  'authorization',
  'cookie',
  '*.password',
  '*.clientSecret',
  '*.client_secret',
  '*.token',
  '*.sessionToken',
  '*.bearerToken',
  '*.authorization',
  '*.cookie',
  'req.headers.authorization',
  'req.headers.cookie',
];

let root: Logger | undefined;

export function rootLogger(): Logger {
  // Lines are written asynchronously (a synchronous write per line cost 4% of a request's
  // CPU); pino flushes what is buffered when the process exits.
  root ??= pino(
    {
      level: initialLogLevel(),
      base: { pid: process.pid },
      redact: { paths: REDACT, censor: '[redacted]' },
      // Errors are logged by type, message, code and stack only: a database error also carries the
      // query and its parameters (password hashes, token hashes), which never reach a log line.
      serializers: { err: serializeError },
      mixin: () => {
        const ctx = logContext.getStore();
        return ctx?.requestId ? { requestId: ctx.requestId } : {};
      },
    },
    pino.destination({ dest: 1, sync: false }),
  );
  return root;
}

export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    stack: error.stack,
  };
}

export function setLogLevel(level: string): void {
  rootLogger().level = level;
}

export function createLogger(component: string): Logger {
  return rootLogger().child({ component });
}

/** Nest's logger interface over pino, so framework messages come out as the same JSON lines. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger = rootLogger()) {}

  log(message: unknown, context?: string): void {
    // Start-up chatter (a line per route, per module) would bury the ready banner: debug only.
    if (context !== undefined && QUIET_CONTEXTS.has(context))
      this.logger.debug({ context }, stringify(message));
    else this.logger.info({ context }, stringify(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, stringify(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, stringify(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, stringify(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, stringify(message));
  }
}

/** Nest's contexts that log one line per route or module at start. */
const QUIET_CONTEXTS = new Set(['RoutesResolver', 'RouterExplorer', 'InstanceLoader']);

function stringify(message: unknown): string {
  return typeof message === 'string' ? message : JSON.stringify(message);
}

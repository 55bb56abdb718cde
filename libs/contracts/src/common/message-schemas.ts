import { z } from 'zod';
import { SCOPES } from './context';

/**
 * The shape every message has on the bus, checked where it enters a service (`@Handles` in
 * @pc/platform): a message from any app that does not match gets `BUS.MESSAGE_INVALID`, never a crash
 * or a write. A descriptor may add the schema of its `data` (`rpc(pattern, schema)`).
 */
export const callerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('anonymous') }),
  z.object({
    kind: z.literal('user'),
    userId: z.string().min(1).max(100),
    isAdmin: z.boolean(),
    scopes: z.array(z.enum(SCOPES)).max(SCOPES.length),
    via: z.enum(['session', 'token']),
    tokenId: z.string().max(100).optional(),
  }),
]);

export const requestContextSchema = z.object({
  requestId: z.string().max(200),
  caller: callerSchema,
});

/** The envelope of every request and event: the context first, then the message's own data. */
export const envelopeSchema = z.object({ ctx: requestContextSchema, data: z.unknown() });

/** The schema of a message's data: its output must be the descriptor's request type. */
export type MessageSchema<T> = z.ZodType<T, unknown>;

/** `{field, message}` per problem, the shape of `details` in every error body. */
export function issuesOf(error: z.ZodError): Array<{ field: string; message: string }> {
  return error.issues.slice(0, 20).map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : '(message)',
    message: issue.message,
  }));
}

import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { z } from 'zod';

/** A body as a client sends it. */
export type Json = Record<string, unknown>;

/** An id the routes' parameters carry. */
export const ID = '7d4f3b0e-1c2a-4b5c-8d9e-0f1a2b3c4d5e';

/** A string of `n` characters, to try a length at and past its edge. */
export const long = (n: number): string => 'x'.repeat(n);

/** The DTO as the gateway's validation pipe makes it from `body`, or null when the pipe refuses it (400). */
export async function dtoAccepts(dto: new () => object, body: Json): Promise<object | null> {
  const instance = plainToInstance(dto, body);
  const errors = await validate(instance, { whitelist: true, forbidUnknownValues: true });
  return errors.length === 0 ? instance : null;
}

/**
 * A gateway DTO and a service's message schema accept and refuse the same bodies: what the DTO accepts
 * goes to the schema as the controller sends it (`toMessage`); what it refuses goes as another app could
 * send it: the body with the route's parameters (`params`).
 */
export async function expectAgreement(
  dto: new () => object,
  schema: z.ZodType,
  bodies: Json[],
  toMessage: (accepted: object) => Json,
  params: Json = {},
): Promise<void> {
  for (const body of bodies) {
    const accepted = await dtoAccepts(dto, body);
    const bySchema = schema.safeParse(accepted ? toMessage(accepted) : { ...body, ...params }).success;
    expect({ body, bySchema }).toEqual({ body, bySchema: accepted !== null });
  }
}

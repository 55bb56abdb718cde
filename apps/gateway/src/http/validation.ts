import {
  BadRequestException,
  createParamDecorator,
  type ExecutionContext,
  PayloadTooLargeException,
  ValidationPipe,
  type ValidationError,
} from '@nestjs/common';
import type { FieldError } from '@pc/contracts';
import { MAX_UTF8_BYTES } from './common.dto';

/**
 * Validates every body, query and path DTO. Unknown fields are stripped, never applied; field errors
 * come back in `details` with a 400, or a 413 when every failure is a text over its byte budget
 * (MaxUtf8Bytes), as for a body over its size.
 */
export function createValidationPipe(options: { validateCustomDecorators?: boolean } = {}): ValidationPipe {
  return new ValidationPipe({
    ...options,
    whitelist: true,
    transform: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const body = { message: 'Validation failed', details: flatten(errors) };
      return onlyTooLarge(errors) ? new PayloadTooLargeException(body) : new BadRequestException(body);
    },
  });
}

/**
 * The request's headers as a DTO whose properties are lower-case header names, validated as a body is
 * (a 400 names each header in `details`); headers the DTO does not name are dropped.
 */
export const ValidHeaders = () => RequestHeaders(createValidationPipe({ validateCustomDecorators: true }));

const RequestHeaders = createParamDecorator(
  (_: unknown, context: ExecutionContext): Record<string, unknown> =>
    context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>().headers,
);

function onlyTooLarge(errors: ValidationError[]): boolean {
  const names = (error: ValidationError): string[] => [
    ...Object.keys(error.constraints ?? {}),
    ...(error.children ?? []).flatMap(names),
  ];
  const all = errors.flatMap(names);
  return all.length > 0 && all.every((name) => name === MAX_UTF8_BYTES);
}

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    // Two rules of one field may say the same (a length and a pattern that states it): said once.
    const own = [...new Set(Object.values(error.constraints ?? {}))].map((message) => ({ field, message }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

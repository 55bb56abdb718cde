import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import {
  ERROR_CODES,
  EVALUATION_LIMITS,
  EVALUATION_SEVERITIES,
  type ErrorCode,
  type FieldError,
} from '@pc/contracts';
import { ERROR_STATUS } from './error-status';

export class FieldErrorDto implements FieldError {
  @ApiProperty({ example: 'username' })
  field!: string;

  @ApiProperty({ example: 'must match ^[a-z0-9][a-z0-9_-]{1,28}[a-z0-9]$' })
  message!: string;
}

/** A parser finding of an evaluation's specification (the `findings` of its 422). */
export class SpecificationFindingDto {
  @ApiProperty({ enum: EVALUATION_SEVERITIES }) severity!: string;
  @ApiProperty() message!: string;
  @ApiProperty({ type: 'string', nullable: true }) file!: string | null;
  @ApiProperty({ type: 'integer', nullable: true, minimum: 1 }) line!: number | null;
  @ApiProperty({ type: 'integer', nullable: true, minimum: 1 }) column!: number | null;
}

/** The one shape of every error response. */
@ApiExtraModels(FieldErrorDto)
export class ErrorBodyDto {
  @ApiProperty({ example: 400 })
  statusCode!: number;

  @ApiProperty({ example: 'Bad Request' })
  error!: string;

  @ApiProperty({ example: 'Validation failed' })
  message!: string;

  @ApiPropertyOptional({
    oneOf: [
      { type: 'array', items: { $ref: getSchemaPath(FieldErrorDto) } },
      { type: 'object', additionalProperties: { type: 'string' } },
    ],
    description: 'Field errors (400 and 422); for a readiness failure, the failing checks by name',
  })
  details?: FieldErrorDto[] | Record<string, string>;

  @ApiPropertyOptional({
    enum: ERROR_CODES,
    description:
      "Stable machine-readable error code (`libs/contracts/src/common/errors.ts`), one per condition; each maps to one status in the gateway's table (`apps/gateway/src/http/error-status.ts`): " +
      Object.entries(ERROR_STATUS)
        .map(([code, status]) => `${code} ${status}`)
        .join(', '),
    example: 'CATALOG.SUBMISSION_REPOSITORY_INVALID',
  })
  code?: ErrorCode;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description:
      'More context some errors carry beside `details`: a failed repository validation on POST or PATCH ' +
      '/submissions (code CATALOG.SUBMISSION_REPOSITORY_INVALID) carries the whole validation report here (422), the same ' +
      'object POST /submissions/validate answers; so does a failed ruleset repository on POST or PATCH ' +
      '/ruleset-submissions (code RULESETS.VALIDATION_FAILED, 422), as POST /ruleset-submissions/validate answers.',
  })
  validation?: Record<string, unknown>;

  @ApiPropertyOptional({
    type: [SpecificationFindingDto],
    maxItems: EVALUATION_LIMITS.findings,
    description:
      "An evaluation's specification that does not parse or is not a supported format (422 on the evaluation " +
      "routes): the parser's findings, each with its file, line and column",
  })
  findings?: SpecificationFindingDto[];
}

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  details?: FieldError[] | Record<string, string>;
  code?: string;
}

/** The header every 429, and a 503 that says when to try again, carries: the seconds until the request can succeed. */
export const RETRY_AFTER_HEADER = {
  'Retry-After': {
    description: 'Seconds to wait before the request can succeed',
    schema: { type: 'integer', minimum: 1 },
  },
} as const;

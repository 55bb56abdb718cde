import type { ErrorCode } from '@pc/contracts';

/** The one table from error code to HTTP status; a new code without a status does not compile. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  NOT_IMPLEMENTED: 501,
  UPSTREAM_UNAVAILABLE: 502,
  SERVICE_UNAVAILABLE: 503,
  TIMEOUT: 504,
  INTERNAL: 500,
  'IDENTITY.EMAIL_TAKEN': 409,
  'IDENTITY.USERNAME_TAKEN': 409,
  'IDENTITY.INVALID_CREDENTIALS': 401,
  'IDENTITY.TOKEN_INVALID': 401,
  'IDENTITY.TOKEN_NOT_ALLOWED': 403,
} satisfies Record<ErrorCode, number>;

export const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

declare module 'swagger-ui-dist' {
  /** The folder holding the Swagger UI assets. */
  export function getAbsoluteFSPath(): string;
}

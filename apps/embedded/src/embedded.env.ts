import { IsEmail, IsOptional, IsString, MinLength } from 'class-validator';
import { CommonEnv, EnvInt } from '@pc/platform';

export const DEFAULT_SANDBOX_PORT = 3001;

/** `npm start`; each app it starts validates its own variables too (see system.ts). */
export class EmbeddedEnv extends CommonEnv {
  @EnvInt(0, 65535)
  PORT: number = 3000;

  @IsOptional()
  @IsString()
  HOST: string = '127.0.0.1';

  /**
   * Where the embedded PostgreSQL keeps its data and the generated administrator credentials; one
   * `npm start` at a time (a second one on the same DATA_DIR is refused, naming the first).
   */
  @IsOptional()
  @IsString()
  DATA_DIR: string = './.data';

  /** A real PostgreSQL instead of the embedded one. */
  @IsOptional()
  @IsString()
  DATABASE_URL?: string;

  /** Unset: 3001, or a free port when 3001 is taken (a second `npm start`); set: that port or fail. */
  @EnvInt(0, 65535)
  SANDBOX_PORT?: number;

  @IsOptional()
  @IsEmail()
  BOOTSTRAP_ADMIN_EMAIL?: string;

  /**
   * Deployment workers run inside `npm start`'s process (default 1); 0 when workers run as processes of
   * their own (`npm run start:deployment-worker` against the same NATS and database; benchmarks).
   */
  @EnvInt(0, 16)
  EMBEDDED_DEPLOYMENT_WORKERS: number = 1;

  /** Keys of the connections' client secrets; unset, one is generated once into DATA_DIR (mode 0600). */
  @IsOptional()
  @IsString()
  CONNECTIONS_ENCRYPTION_KEYS?: string;

  /** Keys of the webhooks' signing secrets; unset, one is generated once into DATA_DIR (mode 0600). */
  @IsOptional()
  @IsString()
  WEBHOOKS_ENCRYPTION_KEYS?: string;

  /** Keys that sign provenance attestations; unset, one is generated once into DATA_DIR (mode 0600). */
  @IsOptional()
  @IsString()
  PROVENANCE_SIGNING_KEYS?: string;

  @IsOptional()
  @IsString()
  @MinLength(8)
  BOOTSTRAP_ADMIN_PASSWORD?: string;

  /**
   * The built web app the gateway serves at `/`; built there (tools/build-web.js) on start when it is
   * missing or older than apps/web. Empty: no web app.
   */
  @IsOptional()
  @IsString()
  WEB_DIR: string = './dist/web';
}

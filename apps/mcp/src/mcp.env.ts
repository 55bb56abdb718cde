import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches } from 'class-validator';
import { CommonEnv, EnvInt } from '@pc/platform';

/** The tool server's variables. In embedded mode it is served on the gateway's port (PORT, HOST unused). */
export class McpEnv extends CommonEnv {
  /** Port of the tool server when it runs as its own process. */
  @EnvInt(0, 65535)
  PORT: number = 3002;

  @IsOptional()
  @IsString()
  HOST: string = '0.0.0.0';

  /** How long a successful token look-up is reused; revocations evict at once. */
  @EnvInt(0, 300_000)
  AUTH_CACHE_TTL_MS: number = 30_000;

  /**
   * Per user: ideas submitted with `submit_idea` per hour, the same budget (and variable) as the
   * gateway's REST submissions; 0 turns the limit off.
   */
  @EnvInt(0, 1_000_000)
  RATE_LIMIT_SUBMISSIONS_PER_HOUR: number = 20;

  /** Per user: votes cast or withdrawn with `vote_idea` per minute; 0 turns the limit off. */
  @EnvInt(0, 1_000_000)
  RATE_LIMIT_VOTES_PER_MINUTE: number = 30;

  /**
   * Per user: `evaluate_api` calls per minute, the same budget (and variable) as the gateway's REST
   * evaluations, counted together with them; 0 turns the limit off.
   */
  @EnvInt(0, 1_000_000)
  RATE_LIMIT_EVALUATIONS_PER_MINUTE: number = 10;

  /**
   * Browser origins allowed to call `/mcp` (comma-separated, e.g. `https://assistant.example`). A request
   * that carries any other `Origin` is refused with 403; requests without `Origin` (desktop and server
   * clients) are not affected.
   */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((origin) => origin.trim())
          .filter((origin) => origin !== '')
      : value,
  )
  @IsString({ each: true })
  @Matches(/^https?:\/\/[^/\s]+$/, {
    each: true,
    message: 'MCP_ALLOWED_ORIGINS: each entry is scheme://host[:port]',
  })
  MCP_ALLOWED_ORIGINS: string[] = [];
}

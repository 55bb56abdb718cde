import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { CommonEnv } from '@pc/platform';

/** The tool server's variables. In embedded mode it is served on the gateway's port (PORT, HOST unused). */
export class McpEnv extends CommonEnv {
  /** Port of the tool server when it runs as its own process. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 3002;

  @IsOptional()
  @IsString()
  HOST: string = '0.0.0.0';

  /** How long a successful token look-up is reused; revocations evict at once. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(300_000)
  AUTH_CACHE_TTL_MS: number = 30_000;

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

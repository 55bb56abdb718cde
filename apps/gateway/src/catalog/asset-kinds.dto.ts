import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { A2A_PROTOCOL_VERSION_MAX, A2A_PROTOCOL_VERSIONS_MAX_ITEMS, ASSET_KINDS } from '@pc/contracts';
import { ArrayMaxSize, IsArray, IsIn, IsString, MaxLength } from 'class-validator';
import { Optional } from '../http/common.dto';

/** The optional `assetKinds` of a policy or a submission: each kind at most once. */
export const AssetKindsField = (description?: string) =>
  applyDecorators(
    ApiPropertyOptional({
      enum: ASSET_KINDS,
      isArray: true,
      maxItems: ASSET_KINDS.length,
      ...(description ? { description } : {}),
    }),
    Optional(),
    IsArray(),
    ArrayMaxSize(ASSET_KINDS.length),
    IsIn(ASSET_KINDS, { each: true }),
  );

/** The optional `a2aProtocolVersions` of a policy or a submission. */
export const A2aProtocolVersionsField = () =>
  applyDecorators(
    ApiPropertyOptional({
      type: 'array',
      items: { type: 'string', maxLength: A2A_PROTOCOL_VERSION_MAX },
      maxItems: A2A_PROTOCOL_VERSIONS_MAX_ITEMS,
      description: 'Only meaningful with agent in assetKinds',
    }),
    Optional(),
    IsArray(),
    ArrayMaxSize(A2A_PROTOCOL_VERSIONS_MAX_ITEMS),
    IsString({ each: true }),
    MaxLength(A2A_PROTOCOL_VERSION_MAX, { each: true }),
  );

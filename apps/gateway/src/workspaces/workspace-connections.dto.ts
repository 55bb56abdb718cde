import { SHARE_DISABLED_REASONS } from '@pc/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { Equals, IsUUID } from 'class-validator';

export class ShareConnectionDto {
  @ApiProperty({ format: 'uuid', description: 'A connection the caller owns' })
  @IsUUID()
  connection_id!: string;
}

export class EnableShareDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  connection_id!: string;

  @ApiProperty({ enum: [false], description: 'Only false: re-enables the share' })
  @Equals(false)
  disabled!: false;
}

export class UnshareQuery {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  connection_id!: string;
}

export class ShareImpactDto {
  @ApiProperty() is_disabled!: boolean;
  @ApiProperty({ type: String, nullable: true, enum: SHARE_DISABLED_REASONS }) disabled_reason!:
    string | null;
  @ApiProperty({ type: 'integer', description: 'Active members who can use it now' })
  members_visible!: number;
  @ApiProperty({ type: 'integer', description: 'From the deployments service (zero until it exists)' })
  deployments_authored!: number;
}

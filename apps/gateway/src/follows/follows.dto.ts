import { ApiProperty } from '@nestjs/swagger';

/** Whether the caller follows the policy or ruleset (the state after a follow or an unfollow). */
export class FollowStateDto {
  @ApiProperty({
    description: "True while the item's new versions reach the caller's `version.published` webhooks",
  })
  following!: boolean;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { RULESET_FORMATS, RULESET_LIMITS as L, TARGET_SCOPES } from '@pc/contracts';
import { HttpUrl } from '../http/common.dto';
import { RepositoryBranchesDto } from '../listings/listing.dto';
import { OptionalBoolean, OptionalString } from '../http/schema-fields';
import { RuleCountsDto, RulesetExamplesDto } from './rulesets.dto';

export class ValidateRulesetDto {
  @HttpUrl({
    required: true,
    description: 'A repository URL; a /tree/<ref>/<path> URL scopes the ruleset root to that folder',
  })
  repoUrl!: string;

  @OptionalString({
    maxLength: L.sourceRef.max,
    description: "Branch, tag or commit (default: the URL's, else the default branch)",
  })
  ref?: string;

  @OptionalString({
    maxLength: L.rulesetPath.max,
    description:
      'The ruleset file (AMF profile or Spectral ruleset), relative to the ruleset root: skips discovery',
  })
  rulesetPath?: string;

  @OptionalBoolean({ description: 'Add branchInfo (only when validation passed)' })
  includeBranches?: boolean;
}

export class RulesetProfileDto {
  @ApiProperty({ type: 'string', nullable: true }) profileName!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) description!: string | null;
  @ApiProperty({ type: [String] }) ruleNames!: string[];
  @ApiProperty({ type: RuleCountsDto }) ruleCounts!: RuleCountsDto;
  @ApiProperty({ type: [String] }) targetClasses!: string[];
  @ApiProperty({ type: 'string', nullable: true, example: '1.0' }) dialectVersion!: string | null;
}

export class RulesetRegistryDto {
  @ApiProperty({ type: 'string', nullable: true }) assetId!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) name!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) description!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) main!: string | null;
}

export class RulesetValidationDto {
  @ApiProperty() ok!: boolean;
  @ApiProperty({ type: [String], description: 'Each with where it is: `file:line[:column]: problem`' })
  errors!: string[];
  @ApiProperty({ type: [String] }) warnings!: string[];
  @ApiProperty({ type: 'string', nullable: true }) ref!: string | null;
  @ApiProperty({
    type: 'string',
    nullable: true,
    pattern: '^[0-9a-f]{40,64}$',
    description: 'An extension: the commit `ref` pointed to; everything was read at it',
  })
  commit!: string | null;
  @ApiProperty({
    type: 'string',
    nullable: true,
    pattern: '^sha256:[0-9a-f]{64}$',
    description:
      'An extension: sha256 over the canonical listing (path, mode, blob hash) of the repository at `commit` ' +
      '(see the README): what approval pins beside the commit',
  })
  contentDigest!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) subPath!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) rulesetPath!: string | null;
  @ApiProperty({
    enum: ['explicit', 'registry', 'conventional', 'discovered'],
    nullable: true,
    description:
      'How the ruleset file was found: rulesetPath, registry.json main, a conventional name (ruleset.yaml, ' +
      'ruleset.yml, profile.yaml, profile.yml, then .spectral.yaml, .spectral.yml, .spectral.json), or a root ' +
      'YAML file starting with the profile header',
  })
  rulesetPathSource!: string | null;
  @ApiProperty({
    enum: RULESET_FORMATS,
    nullable: true,
    description:
      'The language of the ruleset file (null: none found). A Spectral ruleset may extend only spectral:oas, ' +
      'spectral:asyncapi and published Spectral rulesets of this catalog (catalog:<ruleset id>); custom ' +
      'functions (functions, functionsDir, a then.function that is not a core function) are refused with ' +
      'their line',
  })
  format!: string | null;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description:
      "Markdown of the rules in effect with their severities and descriptions (Spectral rulesets): a submission's " +
      'rules tab shows it unless its author writes one. Null for AMF profiles',
  })
  rulesMarkdown!: string | null;
  @ApiProperty({ type: RulesetProfileDto, nullable: true }) profile!: RulesetProfileDto | null;
  @ApiProperty({ type: RulesetRegistryDto, nullable: true }) registry!: RulesetRegistryDto | null;
  @ApiProperty({ enum: TARGET_SCOPES, isArray: true }) targetScopes!: string[];
  @ApiProperty({ type: 'string', format: 'uri', nullable: true }) iconUrl!: string | null;
  @ApiProperty({
    description:
      'Evaluation can run the profile: false without one, or when it names vocabularies the AMF model of API ' +
      'specifications does not have (MCP servers, agents); evaluating such a ruleset is 422 RULESETS.NOT_EVALUABLE',
  })
  evaluable!: boolean;
  @ApiProperty({
    type: RulesetExamplesDto,
    nullable: true,
    description:
      'The examples of the ruleset (examples/conforming/*, examples/non-conforming/* beside the profile or Spectral ' +
      "ruleset) evaluated with the ruleset's engine, each misfire a warning (a Spectral ruleset's own rules must " +
      'fire, not those it extends); null without examples',
  })
  examples!: RulesetExamplesDto | null;
}

/** A ruleset repository's refs: the listing's shape, under the ruleset's component name. */
export class RulesetBranchInfoDto extends RepositoryBranchesDto {}

export class ValidateRulesetResultDto {
  @ApiProperty({ type: RulesetValidationDto }) validation!: RulesetValidationDto;
  @ApiPropertyOptional({ type: RulesetBranchInfoDto, description: 'Only with includeBranches, when ok' })
  branchInfo?: RulesetBranchInfoDto;
}

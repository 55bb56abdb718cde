import { Injectable } from '@nestjs/common';
import { listingAccess } from '@pc/listings';
import type { RulesetRow } from './ruleset.row';
import { RulesetsRepository } from './rulesets.repository';

/** Finds rulesets for a caller: one published once is public; until then its owner's and administrators'. */
@Injectable()
export class RulesetAccess extends listingAccess<RulesetRow>(RulesetsRepository, {
  noun: 'Ruleset',
  published: (row) => row.published_at !== null,
}) {}

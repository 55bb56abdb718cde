import { Injectable } from '@nestjs/common';
import { listingAccess } from '@pc/listings';
import type { RulesetRow } from './ruleset.row';
import { RulesetWrites } from './ruleset-writes';

/** Finds rulesets for a caller: one published once is public; until then its owner's and administrators'. */
@Injectable()
export class RulesetAccess extends listingAccess<RulesetRow>(RulesetWrites, {
  noun: 'Ruleset',
  published: (row) => row.published_at !== null,
}) {}

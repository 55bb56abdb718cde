import { Injectable } from '@nestjs/common';
import { SubmissionTable } from '@pc/listings';
import { rulesetKind } from '../ruleset.kind';
import type { SubmissionRow } from './submission.row';

/** Ruleset submissions, each read with its ruleset's owner and publication. Executor first. */
@Injectable()
export class SubmissionRecords extends SubmissionTable<SubmissionRow> {
  constructor() {
    super(
      rulesetKind,
      ['owner_id', 'published_at'],
      new Set(['rule_counts', 'doc_tabs', 'previous_snapshot', 'engine_check']),
    );
  }
}

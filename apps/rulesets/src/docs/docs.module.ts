import { Module } from '@nestjs/common';
import { RulesetsModule } from '../rulesets';
import { DocTabsRepository } from './doc-tabs.repository';
import { DocsHandler } from './docs.handler';
import { DocsService } from './docs.service';

/** A ruleset's documentation tabs; submissions and reviews stage and publish them through `DocsService`. */
@Module({
  imports: [RulesetsModule],
  controllers: [DocsHandler],
  providers: [DocTabsRepository, DocsService],
  exports: [DocsService],
})
export class DocsModule {}

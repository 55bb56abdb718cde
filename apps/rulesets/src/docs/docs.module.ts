import { Module } from '@nestjs/common';
import { RulesetsModule } from '../rulesets';
import { DocsHandler } from './docs.handler';
import { DocsService } from './docs.service';

/** A ruleset's documentation tabs, edited by its owner (the kernel's `DocTabsRepository` holds them). */
@Module({
  imports: [RulesetsModule],
  controllers: [DocsHandler],
  providers: [DocsService],
})
export class DocsModule {}

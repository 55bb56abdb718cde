import { Module } from '@nestjs/common';
import { DocTabsRepository } from './doc-tabs.repository';
import { DocTabs } from './doc-tabs.service';

/** Documentation tabs: staged on a submission, published with the policy. */
@Module({ providers: [DocTabsRepository, DocTabs], exports: [DocTabs] })
export class DocsModule {}

import { Module } from '@nestjs/common';
import { HistoryModule } from '../history';
import { SourceModule } from '../source';
import { VendorModule } from '../vendor';
import { PoliciesHandler } from './policies.handler';
import { PoliciesRepository } from './policies.repository';
import { PolicyAccess } from './policy-access';
import { PolicyPresenter } from './policy.presenter';
import { PolicyReadsService } from './policy-reads.service';
import { PolicyRecords } from './policy-records.repository';
import { PolicySourceService } from './policy-source.service';

/**
 * Policies: reads (list, one, docs, history), source information (issue tracker, branches), and for
 * the other features who may see or change a policy (`PolicyAccess`), a policy as it is answered
 * (`PolicyReadsService.getJson`) and its row (`PolicyRecords`). Edits are `policy-edits`.
 */
@Module({
  imports: [HistoryModule, SourceModule, VendorModule],
  controllers: [PoliciesHandler],
  providers: [
    PoliciesRepository,
    PolicyAccess,
    PolicyPresenter,
    PolicyRecords,
    PolicyReadsService,
    PolicySourceService,
  ],
  exports: [PolicyAccess, PolicyRecords, PolicyReadsService],
})
export class PoliciesModule {}

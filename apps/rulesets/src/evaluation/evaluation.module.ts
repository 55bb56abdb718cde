import { Module } from '@nestjs/common';
import { RulesetsModule } from '../rulesets';
import { VendorModule } from '../vendor';
import { EvaluationCache } from './evaluation.cache';
import { EvaluationHandler } from './evaluation.handler';
import { EvaluationService } from './evaluation.service';
import { EvaluatorPool } from './evaluator.pool';
import { ProfileEngineCheck } from './profile-engine-check';
import { RulesetProfiles } from './ruleset-profiles';
import { SpecificationReader } from './specification.reader';
import { SpecificationUploads } from './specification-uploads';

/**
 * Evaluating API specifications against rulesets in the engine's worker threads; validation asks the same
 * engine whether a submitted profile runs (`ProfileEngineCheck`). Texts sent ahead in parts
 * (`SpecificationUploads`) are taken by evaluations and by governed APIs' pushed documents.
 */
@Module({
  imports: [RulesetsModule, VendorModule],
  controllers: [EvaluationHandler],
  providers: [
    EvaluatorPool,
    EvaluationCache,
    RulesetProfiles,
    SpecificationReader,
    SpecificationUploads,
    EvaluationService,
    ProfileEngineCheck,
  ],
  exports: [ProfileEngineCheck, EvaluationService, SpecificationUploads],
})
export class EvaluationModule {}

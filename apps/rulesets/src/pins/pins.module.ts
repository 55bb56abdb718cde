import { Module } from '@nestjs/common';
import { HistoryModule } from '../history';
import { ProfilesModule } from '../profiles';
import { RulesetsModule } from '../rulesets';
import { SubmissionsModule } from '../submissions';
import { ValidationModule } from '../validation';
import { PinsHandler } from './pins.handler';
import { PinsService } from './pins.service';

/** The reviewed commit a release builds: an administrator's pin, and the changes since review. */
@Module({
  imports: [RulesetsModule, SubmissionsModule, HistoryModule, ValidationModule, ProfilesModule],
  controllers: [PinsHandler],
  providers: [PinsService],
})
export class PinsModule {}

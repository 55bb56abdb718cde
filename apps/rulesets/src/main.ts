import 'reflect-metadata';
import { runListingService } from '@pc/listings';
import { RulesetsEnv } from './rulesets.env';
import { rulesetsService } from './index';

runListingService('rulesets', RulesetsEnv, rulesetsService);

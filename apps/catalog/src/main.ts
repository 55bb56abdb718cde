import 'reflect-metadata';
import { runListingService } from '@pc/listings';
import { CatalogEnv } from './catalog.env';
import { catalogService } from './index';

runListingService('catalog', CatalogEnv, catalogService);

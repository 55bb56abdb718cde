export { TokensModule } from './tokens.module';
export { TokensService } from './tokens.service';

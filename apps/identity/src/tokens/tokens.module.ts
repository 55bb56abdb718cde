import { Module } from '@nestjs/common';
import { TokensHandler } from './tokens.handler';
import { TokensRepository } from './tokens.repository';
import { TokensService } from './tokens.service';

/** Personal access tokens; auth finds and touches a usable one through TokensService. */
@Module({
  controllers: [TokensHandler],
  providers: [TokensRepository, TokensService],
  exports: [TokensService],
})
export class TokensModule {}

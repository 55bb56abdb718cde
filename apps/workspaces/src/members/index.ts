export { MembersModule } from './members.module';
export { MembersService } from './members.service';

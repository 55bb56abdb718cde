export { OrgsModule } from './orgs.module';

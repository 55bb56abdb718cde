export { IdeasModule } from './ideas.module';
export { IdeasService } from './ideas.service';

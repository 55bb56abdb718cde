export { ProvenanceModule } from './provenance.module';

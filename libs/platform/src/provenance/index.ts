export * from './signing-keys';
export * from './dsse';
export * from './provenance';
export * from './changes-since-pin';

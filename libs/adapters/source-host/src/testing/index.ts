export { type Files, type HostFault, MemorySourceHost } from './memory-source-host';
